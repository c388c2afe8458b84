/* The venue screen (templates/tournament/screen.html): a page every 15 s, arrow keys by hand, and a new
   version of the page (asked for every 10 s with its ETag, poll.js) shown at once, from its first page when what
   it opens on changed (data-opens: a new round, or the final standings after the last round's close). */
(function () {
  "use strict";
  var SHOW_MS = 15000, POLL_MS = 10000, index = 0;
  var main = document.getElementById("screen");
  function pages() { return main.querySelectorAll(".screen-page"); }
  function show(i) {
    var all = pages();
    if (!all.length) { document.getElementById("pager").textContent = ""; return; }
    index = ((i % all.length) + all.length) % all.length;
    all.forEach(function (page, n) { page.hidden = n !== index; });
    document.getElementById("pager").textContent = all.length > 1 ? (index + 1) + " / " + all.length : "";
  }
  window.screenShow = show;  /* for the tests, and a keyboard: arrows move by hand */
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") { show(index + 1); }
    if (event.key === "ArrowLeft") { show(index - 1); }
  });
  window.setInterval(function () { show(index + 1); }, SHOW_MS);
  window.Ingenious.followPage(main.dataset.etag, function (doc) {
    var fresh = doc.getElementById("screen");
    if (!fresh) { return; }
    main.innerHTML = fresh.innerHTML;
    // Another opening (a new round, the final standings first): from the first page; else the page it was on.
    var opened = fresh.dataset.opens !== main.dataset.opens;
    main.dataset.opens = fresh.dataset.opens;
    show(opened ? 0 : index);
    document.getElementById("updated").textContent = "Updated " + new Date().toLocaleTimeString();
    document.dispatchEvent(new Event("page-updated"));
  }, POLL_MS);
  show(0);
})();
