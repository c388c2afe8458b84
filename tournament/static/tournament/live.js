/* A public page keeps itself up to date (templates/tournament/_live.html): every 10 s it asks for itself with its
   version (ETag, poll.js); a new version replaces the page's <main> in place. */
(function () {
  "use strict";
  var note = document.getElementById("live-note");
  window.Ingenious.followPage(note.dataset.etag, function (doc) {
    var fresh = doc.querySelector("main");
    var main = document.querySelector("main"), y = window.scrollY;
    if (!fresh || !main) { return; }
    var search = document.querySelector("[data-filter]"), typed = search ? search.value : "";
    main.innerHTML = fresh.innerHTML;
    window.scrollTo(0, y);
    var again = document.querySelector("[data-filter]");
    if (again && typed) { again.value = typed; again.dispatchEvent(new Event("input")); }
    var shown = document.getElementById("live-note");
    if (shown) { shown.textContent = "Updated at " + new Date().toLocaleTimeString(); }
    document.dispatchEvent(new Event("page-updated"));
  }, 10000);
})();
