/* The private page's countdown to the player's next game: an element with data-starts-ms (the start, ms since
   1970, by the server's clock) and data-now-ms (the server's clock when the page was made) shows the time left,
   each second, measured from the server's clock (the device's own may be off). At 0 it says the game has begun. */
(function () {
  "use strict";
  var shown = document.querySelector("[data-starts-ms]");
  if (!shown) { return; }
  var startsMs = Number(shown.dataset.startsMs);
  var offsetMs = Number(shown.dataset.nowMs) - Date.now();
  function words(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var parts = [];
    if (h) { parts.push(h + " h"); }
    if (h || m) { parts.push(m + " min"); }
    parts.push(s + " s");
    return parts.join(" ");
  }
  function tick() {
    var left = Math.round((startsMs - (Date.now() + offsetMs)) / 1000);
    if (left <= 0) {
      shown.textContent = "now: open your game";
      return;
    }
    shown.textContent = words(left);
    window.setTimeout(tick, 1000);
  }
  tick();
})();
