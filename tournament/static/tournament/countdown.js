/* The countdown to a game's start, on a player's private page, in their finished game room, and on the organiser's
   dashboard and round page of an online round before its clocks start: an element with data-starts-ms (the start, ms since 1970, by
   the server's clock) and data-now-ms (the server's clock when the page or message was made) shows the time left,
   each second, measured from the server's clock (the device's own may be off), after its data-before if any. At 0
   it says the game has begun (or its data-ended).
   The page's elements start when the page loads, and those a page puts in place later when it says so
   ("page-updated"); the room starts its own (IngeniousCountdown.start). IngeniousCountdown.words(seconds) is the
   one way a wait is written ("1 h 2 min 3 s", under a minute "40 s"), IngeniousCountdown.at(ms, zone) the one way a
   time of day is ("14:30 GMT", in the tournament's zone, named; "14:30 GMT (15:30 your time)" where the viewer's
   own differs), as tournament/domain/times.py writes them on the server.

   The private page follows its game (#follow, docs/online-event.md): every FOLLOW_MS while it is shown, and at
   once when it is shown again, it reads its `data-follow` address (tournament/pages/following.py). A moved start
   moves the countdown and the written start in place; another game (a round published or taken back, a result
   in, a withdrawal) reloads the page, unless the player is typing in one of its forms: then it says so and
   offers the reload. A replaced link (410) reloads it too: the page then says whom to ask. */
(function () {
  "use strict";
  var FOLLOW_MS = 25000;  // a test may ask for less, before the page loads: window.ingeniousFollowMs
  var ENDED = "now: open your game";

  function words(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var parts = [];
    if (h) { parts.push(h + " h"); }
    if (h || m) { parts.push(m + " min"); }
    parts.push(s + " s");
    return parts.join(" ");
  }
  /* The time of day of `ms` in `zone` (an IANA name: the tournament's): "14:30 GMT", to the second when not on a
     whole minute, and the viewer's own time beside it where it differs. */
  function at(ms, zone) {
    var moment = new Date(ms), seconds = moment.getUTCSeconds() !== 0;
    function clock(timeZone) {
      var options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: timeZone };
      if (seconds) { options.second = "2-digit"; }
      return new Intl.DateTimeFormat("en-GB", options).format(moment);
    }
    var named;
    try {
      named = clock(zone);
    } catch (e) {  // a zone this browser does not know: the viewer's own time alone
      return clock(undefined);
    }
    var label = new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "short" }).formatToParts(moment)
      .filter(function (part) { return part.type === "timeZoneName"; }).map(function (part) { return part.value; })[0];
    var own = clock(undefined);
    return named + " " + (label === "UTC" || label === "GMT" ? label : label.replace(/^GMT/, "UTC")) +
      (own !== named ? " (" + own + " your time)" : "");
  }

  /* A time of day the server wrote (`data-at-ms`, in its `data-zone`): the viewer's own time added where it
     differs, once ("14:30 GMT (15:30 your time)"). */
  function ownTime(text) {
    var ms = Number(text.dataset.atMs), zone = text.dataset.zone;
    if (!ms || !zone || / your time\)$/.test(text.textContent)) { return; }
    var both = at(ms, zone), own = both.match(/ \([^()]* your time\)$/);
    if (own) { text.textContent += own[0]; }
  }

  /* Count `shown` down until its start (read again from its data-starts-ms each second, so a moved start is
     followed); it stops by itself once the element has left the page (replaced), or when started again. */
  function start(shown) {
    // Without data-now-ms (a public page served from the cache carries no "now"), the visitor's own clock.
    var offsetMs = shown.dataset.nowMs ? Number(shown.dataset.nowMs) - Date.now() : 0;
    var run = (shown.countdownRun || 0) + 1;
    shown.countdownRun = run;
    function tick() {
      if (!shown.isConnected || shown.countdownRun !== run) { return; }
      var left = Math.round((Number(shown.dataset.startsMs) - (Date.now() + offsetMs)) / 1000);
      if (left <= 0) {
        shown.textContent = shown.dataset.ended || ENDED;
        return;
      }
      shown.textContent = (shown.dataset.before || "") + words(left);
      window.setTimeout(tick, 1000);
    }
    tick();
  }
  /* The countdown moved to a new start (both by the server's clock, as a read answered them). */
  function move(shown, startsMs, nowMs) {
    shown.dataset.startsMs = String(startsMs);
    shown.dataset.nowMs = String(nowMs);
    start(shown);
  }
  function startAll() {
    document.querySelectorAll("[data-starts-ms]").forEach(function (shown) {
      if (!shown.countdownRun) { start(shown); }
    });
    document.querySelectorAll("[data-at-ms]").forEach(ownTime);
  }
  window.IngeniousCountdown = { start: start, words: words, move: move, at: at };
  startAll();
  document.addEventListener("page-updated", startAll);

  var follow = document.getElementById("follow");
  if (!follow) { return; }
  var typing = false, stopped = false, busy = false;
  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("form")) { typing = true; }
  });
  function changed() {
    if (!typing) { window.location.reload(); return; }
    stopped = true;  // said once; the player reloads when their form is sent or left
    var note = document.createElement("p");
    note.className = "verdict bad";
    note.setAttribute("role", "status");
    note.id = "game-changed";
    note.appendChild(document.createTextNode("Your game has changed since this page was opened: "));
    var again = document.createElement("a");
    again.href = window.location.pathname;
    again.textContent = "show it as it is now";
    note.appendChild(again);
    note.appendChild(document.createTextNode(" (what you typed here is not sent)."));
    var heading = document.querySelector("h1");
    heading.parentNode.insertBefore(note, heading.nextSibling);
  }
  function read() {
    if (stopped || busy || document.hidden) { return; }
    busy = true;
    fetch(follow.dataset.follow, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 410) { changed(); }  // the page then says the link was replaced, and whom to ask
        return response.ok ? response.json() : null;
      })
      .then(function (now) {
        if (!now) { return; }
        if (now.version !== follow.dataset.version) { changed(); return; }
        var shown = document.querySelector("#next-game [data-starts-ms]");
        if (shown && now.starts_ms !== null && String(now.starts_ms) !== shown.dataset.startsMs) {
          move(shown, now.starts_ms, now.now_ms);
          document.querySelectorAll("[data-start]").forEach(function (text) {
            text.textContent = now.start[text.dataset.start] || text.textContent;
            text.dataset.atMs = String(now.start.ms);
            ownTime(text);
          });
        }
      })
      .catch(function () {})
      .then(function () { busy = false; });
  }
  window.setInterval(read, window.ingeniousFollowMs || FOLLOW_MS);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { read(); } });
})();
