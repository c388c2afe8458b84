/* The countdown to a player's next game, on their private page and in their finished game room: an element with
   data-starts-ms (the start, ms since 1970, by the server's clock) and data-now-ms (the server's clock when the page
   or message was made) shows the time left, each second, measured from the server's clock (the device's own may be
   off). At 0 it says the game has begun. The private page's element starts when the page loads; the room starts
   its own (IngeniousCountdown.start). IngeniousCountdown.words(seconds) is the one way a wait is written
   ("1 h 2 min 3 s"). */
(function () {
  "use strict";
  function words(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var parts = [];
    if (h) { parts.push(h + " h"); }
    if (h || m) { parts.push(m + " min"); }
    parts.push(s + " s");
    return parts.join(" ");
  }
  /* Count `shown` down until its start; it stops by itself once the element has left the page (replaced). */
  function start(shown) {
    var startsMs = Number(shown.dataset.startsMs);
    var offsetMs = Number(shown.dataset.nowMs) - Date.now();
    function tick() {
      if (!shown.isConnected) { return; }
      var left = Math.round((startsMs - (Date.now() + offsetMs)) / 1000);
      if (left <= 0) {
        shown.textContent = "now: open your game";
        return;
      }
      shown.textContent = words(left);
      window.setTimeout(tick, 1000);
    }
    tick();
  }
  window.IngeniousCountdown = { start: start, words: words };
  var onPage = document.querySelector("[data-starts-ms]");
  if (onPage) { start(onPage); }
})();
