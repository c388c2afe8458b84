/* A page keeps itself up to date (templates/tournament/_live.html): every 10 s it asks for itself with its
   version (ETag, poll.js); a new version replaces the page's <main> in place.  With data-part (the organiser's
   dashboard of an online round: never cached, no ETag), only that element is replaced, and only when it changed:
   the page's other forms keep what is being typed in them (templates/tournament/manage/dashboard.html). */
(function () {
  "use strict";
  /* An element's markup without what a countdown (countdown.js) changes by itself each second: a page whose start
     is still to come changes when the server says so, not with each tick. */
  function still(element) {
    var copy = element.cloneNode(true);
    copy.querySelectorAll("[data-starts-ms]").forEach(function (shown) {
      shown.textContent = "";
      shown.removeAttribute("data-now-ms");
    });
    return copy.innerHTML;
  }
  var note = document.getElementById("live-note"), part = note.dataset.part || "main";
  window.Ingenious.followPage(note.dataset.etag, function (doc) {
    var fresh = doc.querySelector(part);
    var main = document.querySelector(part), y = window.scrollY;
    if (!fresh || !main || (part !== "main" && still(fresh) === still(main))) { return; }
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
