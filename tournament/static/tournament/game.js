/* The game viewer (templates/tournament/game.html): step through the placements with the slider or the buttons. */
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
    var text = n ? "Placement " + n + " of " + steps.length + ": " + names[steps[n - 1].player] + " " + steps[n - 1].tile : "Start";
    if (n && steps[n - 1].bonus) text += " (bonus)";
    if (n && steps[n - 1].clock !== null) text += ", " + steps[n - 1].clock + " left on the clock";
    if (n && steps[n - 1].flags.length) text += " — " + steps[n - 1].flags.map(function (p) { return names[p]; }).join(", ") + " ran out of time just before";
    where.textContent = text;
  }
  slider.addEventListener("input", function () { show(+slider.value); });
  document.getElementById("prev").addEventListener("click", function () { show(+slider.value - 1); });
  document.getElementById("next").addEventListener("click", function () { show(+slider.value + 1); });
  show(steps.length);
})();
