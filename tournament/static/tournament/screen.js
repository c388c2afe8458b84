/* The venue screen (templates/tournament/screen.html): a page every 15 s, arrow keys by hand, and a new
   version of the page (asked for every 10 s with its ETag) shown at once. */
(function () {
  "use strict";
  var SHOW_MS = 15000, POLL_MS = 10000, index = 0;
  var main = document.getElementById("screen"), etag = main.dataset.etag;
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
  function check() {
    if (!etag || document.hidden) { return; }
    fetch(window.location.href, {headers: {"If-None-Match": etag}, cache: "no-store"})
      .then(function (response) {
        if (response.status !== 200) { return null; }
        etag = response.headers.get("ETag") || etag;
        return response.text();
      })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("screen");
        if (!fresh) { return; }
        main.innerHTML = fresh.innerHTML;
        show(index);
        document.getElementById("updated").textContent = "Updated " + new Date().toLocaleTimeString();
      })
      .catch(function () {});
  }
  window.setInterval(check, POLL_MS);
  show(0);
})();
