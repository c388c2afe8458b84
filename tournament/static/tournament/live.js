/* A page keeps itself up to date (templates/tournament/_live.html): every 10 s it asks for itself with its
   version (ETag, poll.js); a new version replaces the page's <main> in place.  With data-part (the organiser's
   dashboard of an online round: never cached, no ETag), only that element is replaced, and only when it changed:
   the page's other forms keep what is being typed in them (templates/tournament/manage/dashboard.html). */
(function () {
  "use strict";
  var note = document.getElementById("live-note"), part = note.dataset.part || "main";
  window.Ingenious.followPage(note.dataset.etag, function (doc) {
    var fresh = doc.querySelector(part);
    var main = document.querySelector(part), y = window.scrollY;
    if (!fresh || !main || (part !== "main" && fresh.innerHTML === main.innerHTML)) { return; }
    var search = document.querySelector("[data-filter]"), typed = search ? search.value : "";
    main.innerHTML = fresh.innerHTML;
    window.scrollTo(0, y);
    var again = document.querySelector("[data-filter]");
    if (again && typed) { again.value = typed; again.dispatchEvent(new Event("input")); }
    var shown = document.getElementById("live-note");
    if (shown) { shown.textContent = "Updated at " + new Date().toLocaleTimeString(); }
    document.dispatchEvent(new Event("page-updated"));
  }, 10000, part !== "main");
})();
