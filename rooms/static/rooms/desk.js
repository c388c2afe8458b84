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
      row.className = "status-" + r.status + (r.attention.length ? " needs-arbiter" : "");
      r.presence.forEach(function (seat, i) {
        var el = row.querySelector('[data-field="presence' + i + '"]');
        if (!el) return;
        if (el.textContent !== seat.text) el.textContent = seat.text;
        el.className = "presence small " + (seat.connected ? "connected" : "gone");
      });
      attention(row, r.attention);
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
    inOrder(data.rows);
    Object.keys(data.counts).forEach(function (status) {
      var el = document.querySelector('[data-count="' + status + '"]');
      if (el) el.textContent = String(data.counts[status]);
    });
  }

  // The reasons the room needs the arbiter, one item each (rewritten only when they change).
  function attention(row, needs) {
    var list = row.querySelector('[data-field="attention"]');
    if (!list) return;
    var words = needs.map(function (need) { return need.kind + ":" + need.words; }).join("\n");
    if (list.dataset.words === words) return;
    list.dataset.words = words;
    list.textContent = "";
    needs.forEach(function (need) {
      var item = document.createElement("li");
      item.className = "need-" + need.kind;
      item.textContent = need.words;
      list.appendChild(item);
    });
  }

  // The rooms that need the arbiter first, as the server orders them; not while a reason is being typed
  // (moving a row would take the focus away from its field).
  function inOrder(rows) {
    var body = desk.tBodies[0];
    if (!body || body.contains(document.activeElement)) return;
    var now = Array.prototype.map.call(body.rows, function (row) { return row.dataset.table; }).join(",");
    if (now === rows.map(function (r) { return String(r.table); }).join(",")) return;
    rows.forEach(function (r) {
      var row = body.querySelector('tr[data-table="' + r.table + '"]');
      if (row) body.appendChild(row);
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
