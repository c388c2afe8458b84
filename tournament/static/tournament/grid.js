/* The results grid (templates/tournament/manage/grid.html): a preview as scores are typed; Enter saves a board
   without leaving the page and goes to the next board without a result. */
(function () {
  "use strict";
  var grid = document.getElementById("grid");
  function scores(line) {
    return Array.prototype.map.call(line.querySelectorAll("input.score"), function (box) {
      var text = box.value.trim(), ok = /^\d{1,2}$/.test(text) && Number(text) <= 18;
      box.classList.toggle("bad", text !== "" && !ok);
      return ok ? Number(text) : null;
    });
  }
  function lowest(row) { return row.indexOf(null) >= 0 ? null : Math.min.apply(null, row); }
  var PLACES = ["lowest", "second-lowest", "third-lowest", "fourth-lowest", "fifth-lowest", "highest"];
  /* A preview only: the server decides.  The higher ascending list wins; only identical lists draw.  Written as the
     saved board says it (domain.text.result_words): the winner's score first, "Ann wins, 9 v 7 in the lowest colour". */
  function preview(form) {
    var lines = form.querySelectorAll(".line"), rows = [scores(lines[0]), scores(lines[1])];
    var names = [form.dataset.first, form.dataset.second], out = form.querySelector(".status");
    var levels = rows.map(lowest), text = "";
    out.classList.remove("win");
    if (levels[0] !== null && levels[1] !== null) {
      var sorted = rows.map(function (row) { return row.slice().sort(function (x, y) { return x - y; }); });
      var i = 0;
      while (i < 6 && sorted[0][i] === sorted[1][i]) { i += 1; }
      var w = sorted[0][i] > sorted[1][i] ? 0 : 1;
      text = i === 6 ? "Draw" : names[w] + " wins, " + sorted[w][i] + " v " + sorted[1 - w][i] + " in the " + PLACES[i] + " colour";
      out.classList.add("win");
    } else if (levels[0] !== null || levels[1] !== null) {  /* one player's six typed: their level, named */
      var k = levels[0] !== null ? 0 : 1;
      text = names[k] + "'s level " + levels[k];
    }
    if (!text && form.querySelector("[aria-invalid=true]")) { text = "Not saved"; }
    out.textContent = text;
  }
  function focusBoard(table) {
    var box = table && document.querySelector("#t" + table + " input.score");
    if (box) { box.focus(); box.select(); } else { document.getElementById("counter").focus(); }
  }
  grid.addEventListener("input", function (event) {
    var form = event.target.closest("form.entry");
    if (form) { preview(form); }
  });
  grid.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.matches("form.entry input")) {
      event.preventDefault();
      event.target.form.requestSubmit();
    }
  });
  grid.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form.entry")) { return; }
    event.preventDefault();
    if (form.dataset.busy) { return; }
    form.dataset.busy = "1";
    fetch(window.location.pathname, {method: "POST", body: new FormData(form), credentials: "same-origin",
                                     headers: {"Accept": "application/json"}})
      .then(function (response) { return response.json(); })
      .then(function (data) {
        if (data.reload) { window.location.reload(); return; }
        var holder = document.createElement("div");
        holder.innerHTML = data.row;
        var fresh = holder.querySelector(".entry");
        form.replaceWith(fresh);
        document.querySelectorAll("[data-counter]").forEach(function (c) { c.textContent = data.counter.text; });
        if (data.saved) { focusBoard(data.next); return; }
        if (fresh.matches("form")) {
          preview(fresh);
          var bad = fresh.querySelector("[aria-invalid=true]") || fresh.querySelector("input.score");
          bad.focus(); bad.select();
        } else { focusBoard(data.next); }
      })
      .catch(function () { form.submit(); });  /* no answer we can read: post the plain form */
  });
  document.getElementById("counter").tabIndex = -1;
  grid.querySelectorAll("form.entry").forEach(preview);
  focusBoard(grid.dataset.focus);
})();
