/* A public page keeps itself up to date (templates/tournament/_live.html): every 10 s it asks for itself with its
   version (ETag); a 304 costs the site one query; a new version replaces the page's <main> in place.  The
   dashboard of an online round uses it for its results (templates/tournament/manage/dashboard.html). */
(function () {
  "use strict";
  /* With data-part (the organiser's dashboard, not cached, no ETag), only that element is replaced, and only when it
     changed: the page's other forms keep what is being typed in them. */
  var note = document.getElementById("live-note"), etag = note.dataset.etag, part = note.dataset.part || "main";
  var busy = false;
  function check() {
    if (busy || document.hidden) { return; }
    busy = true;
    fetch(window.location.href, {headers: etag ? {"If-None-Match": etag} : {}, cache: "no-store",
                                 credentials: "same-origin"})
      .then(function (response) {
        if (response.status !== 200) { return null; }
        etag = response.headers.get("ETag") || etag;
        return response.text();
      })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector(part);
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
      })
      .catch(function () {})
      .then(function () { busy = false; });
  }
  window.setInterval(check, 10000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { check(); } });
})();
