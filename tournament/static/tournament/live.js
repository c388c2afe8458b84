/* A public page keeps itself up to date (templates/tournament/_live.html): every 10 s it asks for itself with its
   version (ETag); a 304 costs the site one query; a new version replaces the page's <main> in place. */
(function () {
  "use strict";
  var note = document.getElementById("live-note"), etag = note.dataset.etag, busy = false;
  function check() {
    if (busy || document.hidden) { return; }
    busy = true;
    fetch(window.location.href, {headers: {"If-None-Match": etag}, cache: "no-store", credentials: "same-origin"})
      .then(function (response) {
        if (response.status !== 200) { return null; }
        etag = response.headers.get("ETag") || etag;
        return response.text();
      })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
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
      })
      .catch(function () {})
      .then(function () { busy = false; });
  }
  window.setInterval(check, 10000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { check(); } });
})();
