/* What the public pages share to keep up to date, loaded before live.js, screen.js and boards.js (no inline script:
   the site's CSP allows scripts from 'self' only).

   Ingenious.poll(fetchIt, periodMs): fetchIt() every periodMs while the tab is shown, never two at once, and again at
     once when the tab comes back; fetchIt returns a promise.
   Ingenious.followPage(etag, fresh, periodMs, unversioned): asks for the page itself with its version (ETag) every
     periodMs; a 304 costs the site one query; a new version gives fresh(newDocument) to put in place.  A page with no
     version asks nothing, unless `unversioned` (a page never cached, which fresh() compares itself).
   Ingenious.clockText(ms): a clock as the rooms show it, minutes and seconds left rounded up ("9:05", from an hour
     "1:02:05"; tournament/domain/times.clock_text on the server): the one
     formatter of the pages' clocks (the room, the live boards, the venue screen); the server's readings decide.
   Ingenious.clockWords(ms): the same reading for a label a screen reader says ("9 minutes 5", "1 minute", "40 seconds"). */
(function () {
  "use strict";
  function poll(fetchIt, periodMs) {
    var busy = false;
    function tick() {
      if (busy || document.hidden) { return; }
      busy = true;
      fetchIt().catch(function () {}).then(function () { busy = false; });
    }
    window.setInterval(tick, periodMs);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) { tick(); } });
    return tick;
  }
  function followPage(etag, fresh, periodMs, unversioned) {
    return poll(function () {
      if (!etag && !unversioned) { return Promise.resolve(); }
      return fetch(window.location.href, {headers: etag ? {"If-None-Match": etag} : {}, cache: "no-store",
                                          credentials: "same-origin"})
        .then(function (response) {
          if (response.status !== 200) { return null; }
          etag = response.headers.get("ETag") || etag;
          return response.text();
        })
        .then(function (html) { if (html) { fresh(new DOMParser().parseFromString(html, "text/html")); } });
    }, periodMs);
  }
  function clockText(ms) {  // as tournament/domain/times.clock_text writes it
    var s = Math.max(0, Math.ceil(ms / 1000)), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s % 60).padStart(2, "0");
  }
  function clockWords(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000)), minutes = Math.floor(s / 60), seconds = s % 60;
    if (!minutes) { return seconds === 1 ? "1 second" : seconds + " seconds"; }
    return minutes + (minutes === 1 ? " minute" : " minutes") + (seconds ? " " + seconds : "");
  }
  window.Ingenious = {poll: poll, followPage: followPage, clockText: clockText, clockWords: clockWords};
})();
