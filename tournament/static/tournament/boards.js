/* The live boards of an online round (public round page, venue screen): every few seconds the round's rooms are read
   again (live.json, poll.js) and each table's cells are rewritten in place; between two readings the running clock
   counts down for show (the server's clock is the one that counts).

   Markup: an element [data-live-boards] with data-url; in it one element [data-table="N"] a table, holding any of
   [data-field="status_text" (with whose move) | "status_word" | "clock0" | "clock1" | "lowest0" | "lowest1" | "result"], and links
   [data-link="watch" | "replay"] shown only when they lead somewhere.  The rows are looked up at each drawing, so a
   page replaced by live.js or screen.js is drawn again at once, and a page with no live boards asks for nothing. */
(function () {
  "use strict";
  var data = null, receivedAt = 0;
  var clockText = window.Ingenious.clockText;

  function set(row, field, text) {
    row.querySelectorAll('[data-field="' + field + '"]').forEach(function (el) {
      if (el.textContent !== text) { el.textContent = text; }
    });
  }
  function link(row, which, href) {
    row.querySelectorAll('[data-link="' + which + '"]').forEach(function (a) {
      if (href) { a.setAttribute("href", href); }
      a.hidden = !href;
    });
  }
  function clocks() {
    if (!data) { return; }
    var gone = performance.now() - receivedAt;
    data.rows.forEach(function (r) {
      document.querySelectorAll('[data-live-boards] [data-table="' + r.table + '"]').forEach(function (row) {
        [0, 1].forEach(function (p) {
          var left = r.clocks_ms[p] - (r.on_turn === p ? gone : 0);
          set(row, "clock" + p, clockText(left));
          row.querySelectorAll('[data-field="clock' + p + '"]').forEach(function (el) {
            el.classList.toggle("running", r.on_turn === p);
            el.classList.toggle("flagged", r.flagged.indexOf(r.players[p]) >= 0 && left <= 0);
          });
        });
      });
    });
  }
  function draw() {
    if (!data) { return; }
    data.rows.forEach(function (r) {
      document.querySelectorAll('[data-live-boards] [data-table="' + r.table + '"]').forEach(function (row) {
        row.dataset.status = r.status;
        set(row, "status_text", r.status === "playing" && r.turn ? "playing · " + r.turn + " to move" : r.status_text);
        set(row, "status_word", r.status_text);
        set(row, "lowest0", String(r.lowest[0]));
        set(row, "lowest1", String(r.lowest[1]));
        set(row, "result", r.score);
        link(row, "watch", r.status === "finished" ? "" : r.watch_url);
        link(row, "replay", r.replay_url);
      });
    });
    clocks();
  }
  var read = window.Ingenious.poll(function () {
    var boards = document.querySelector("[data-live-boards]");  /* none: no online round on the page (yet) */
    if (!boards || !boards.dataset.url) { return Promise.resolve(); }
    return fetch(boards.dataset.url, {cache: "no-store", headers: {Accept: "application/json"}})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (fresh) {
        if (!fresh) { return; }
        data = fresh;
        receivedAt = performance.now();
        draw();
      });
  }, 2500);
  document.addEventListener("page-updated", draw);
  window.setInterval(clocks, 500);
  read();
})();
