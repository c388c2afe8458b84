// The arbiter's desk refreshes itself: every few seconds it reads the rows again (state.json) and rewrites
// each room's cells in place, so a reason being typed is never lost.
(function () {
  "use strict";
  var desk = document.getElementById("desk");
  if (!desk || !desk.dataset.state) return;
  var PERIOD_MS = 2500;

  function set(row, field, text) {
    var el = row.querySelector('[data-field="' + field + '"]');
    if (el && el.textContent !== text) el.textContent = text;
  }

  function show(row, which, on) {
    row.querySelectorAll('[data-show="' + which + '"]').forEach(function (el) { el.hidden = !on; });
  }

  function draw(data) {
    data.rows.forEach(function (r) {
      var row = desk.querySelector('tr[data-table="' + r.table + '"]');
      if (!row) return;
      row.className = "status-" + r.status;
      set(row, "status_text", r.status_text);
      set(row, "flagged", r.flagged.length ? "out of time: " + r.flagged.join(", ") : "");
      set(row, "clock0", r.clocks[0]);
      set(row, "clock1", r.clocks[1]);
      set(row, "lowest0", String(r.lowest[0]));
      set(row, "lowest1", String(r.lowest[1]));
      set(row, "placements", String(r.placements));
      set(row, "turn", r.turn);
      set(row, "result", r.result);
      show(row, "unfinished", r.status !== "finished");
      show(row, "running", r.status !== "paused");
      show(row, "paused", r.status === "paused");
    });
    Object.keys(data.counts).forEach(function (status) {
      var el = document.querySelector('[data-count="' + status + '"]');
      if (el) el.textContent = String(data.counts[status]);
    });
  }

  function poll() {
    if (document.hidden) return;
    fetch(desk.dataset.state, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) { if (data) draw(data); })
      .catch(function () { /* the next poll tries again */ });
  }

  setInterval(poll, PERIOD_MS);
})();
