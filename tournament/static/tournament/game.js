/* The game viewer (templates/tournament/game.html): step through the placements with the slider, the buttons, or the
   keys anywhere on the page (← →, Home, End); each step said in words in a polite live region.  A finished game's
   analysis (steps carry "rank" and "best") says each placement's rank, and the "Show the best placement" button
   shows the best candidate's outline on the board (the server drew each, hidden: g.best[data-best]). */
(function () {
  var steps = JSON.parse(document.getElementById("steps").textContent);
  var names = JSON.parse(document.getElementById("names").textContent);
  var slider = document.getElementById("step"), where = document.getElementById("where");
  document.querySelector(".controls").hidden = false;
  var hexes = document.querySelectorAll(".board .placed");
  function show(n) {
    n = Math.max(0, Math.min(steps.length, n));
    slider.value = n;
    hexes.forEach(function (h) { h.style.visibility = (+h.dataset.step <= n) ? "visible" : "hidden"; });
    var scores = n ? steps[n - 1].scores : [[0,0,0,0,0,0],[0,0,0,0,0,0]];
    scores.forEach(function (row, p) { row.forEach(function (v, c) {
      document.querySelector('[data-score="' + p + '-' + c + '"]').textContent = v; }); });
    var text = n ? "Placement " + n + " of " + steps.length + ": " + names[steps[n - 1].player] + " " + tileWords(steps[n - 1].tile) : "Start";
    if (n && steps[n - 1].bonus) text += " (bonus)";
    if (n && steps[n - 1].clock !== null) text += ", " + steps[n - 1].clock + " left on the clock";
    if (n && steps[n - 1].flags.length) text += " — " + steps[n - 1].flags.map(function (p) { return names[p]; }).join(", ") + " ran out of time just before";
    if (n && steps[n - 1].rank) text += "; " + steps[n - 1].rank;
    where.textContent = text;
    if (analysed) { showAnalysis(n); }
  }
  var analysed = !!document.getElementById("show-best"), bestButton = document.getElementById("show-best");
  var outlines = document.querySelectorAll(".board .best");
  function showAnalysis(n) {
    var step = n ? steps[n - 1] : null, on = bestButton.getAttribute("aria-pressed") === "true";
    var rank = document.getElementById("analysis-rank");
    if (!step) {
      rank.textContent = "Before the first placement.";
    } else {
      rank.textContent = "Placement " + n + ", " + names[step.player] + ": " + step.rank + ". Best: " + step.best +
        (step.best_count > 1 ? " (one of " + step.best_count + " as good)" : "") + ".";
    }
    bestButton.disabled = !step;
    outlines.forEach(function (g) {
      g.setAttribute("visibility", on && step && +g.dataset.best === n ? "visible" : "hidden");
    });
  }
  if (analysed) {
    document.querySelector(".analysis-now").hidden = false;
    bestButton.addEventListener("click", function () {
      bestButton.setAttribute("aria-pressed", bestButton.getAttribute("aria-pressed") === "true" ? "false" : "true");
      showAnalysis(+slider.value);
    });
  }
  var WORDS = {R: "red", O: "orange", Y: "yellow", G: "green", B: "blue", P: "purple"};
  function tileWords(tile) { return tile[0] === tile[1] ? "double " + WORDS[tile[0]] : WORDS[tile[0]] + " and " + WORDS[tile[1]]; }
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.target === slider) { return; }  // the slider steps itself
    if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) { return; }
    var to = {ArrowLeft: +slider.value - 1, ArrowRight: +slider.value + 1, Home: 0, End: steps.length}[event.key];
    if (to === undefined) { return; }
    event.preventDefault();
    show(to);
  });
  slider.addEventListener("input", function () { show(+slider.value); });
  document.getElementById("prev").addEventListener("click", function () { show(+slider.value - 1); });
  document.getElementById("next").addEventListener("click", function () { show(+slider.value + 1); });
  show(steps.length);
})();
