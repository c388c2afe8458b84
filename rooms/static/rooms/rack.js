/* The player's rack (loaded before room.js): six tile buttons in a WAI-ARIA listbox, one Tab stop, the arrow keys,
   Home and End between the tiles; Enter, Space or a tap chooses (handlers.choose(index)).  Each tile is named by
   its words ("orange and green"); the letters drawn on it are hidden from the accessibility tree.

   IngeniousRack.make(element, colours, handlers) -> {tiles, draw(held, chosen, disabled), focused()}: `colours`
   {fill, ink} by letter (games/colours.py's table); `held` the rack's tiles, `chosen` {index, tile} as turned or
   null, `disabled` whether a choice is refused now (the tiles say so, and stay focusable). */
(function () {
  "use strict";
  var H = window.IngeniousHexes;

  function make(element, colours, handlers) {
    var tiles = [], focus = 0, count = 0;

    function tile(index) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "tile";
      button.setAttribute("role", "option");
      ["half", "visually-hidden", "half"].forEach(function (cls) {
        var span = document.createElement("span");
        span.className = cls;
        if (cls === "half") span.setAttribute("aria-hidden", "true");
        button.appendChild(span);
      });
      button.addEventListener("click", function () { focus = index; handlers.choose(index); });
      button.addEventListener("keydown", function (event) {
        var to = { ArrowLeft: index - 1, ArrowRight: index + 1, ArrowUp: index - 1, ArrowDown: index + 1, Home: 0,
                   End: count - 1 }[event.key];
        if (to === undefined || !count) return;
        event.preventDefault();
        focus = (to + count) % count;
        tiles.forEach(function (t, i) { t.tabIndex = i === focus ? 0 : -1; });
        tiles[focus].focus();
      });
      element.appendChild(button);
      return button;
    }
    if (element) for (var i = 0; i < 6; i += 1) tiles.push(tile(i));

    function draw(held, chosen, disabled) {
      count = held.length;
      focus = Math.min(focus, Math.max(0, count - 1));
      tiles.forEach(function (button, index) {
        var letters = held[index];
        button.hidden = !letters;
        if (!letters) return;
        var shown = chosen && chosen.index === index ? chosen.tile : letters;
        var spans = button.querySelectorAll(".half");
        button.querySelector(".visually-hidden").textContent = H.tileWords(shown);
        [0, 1].forEach(function (k) {
          spans[k].textContent = shown[k];
          spans[k].style.background = colours.fill[shown[k]];
          spans[k].style.color = colours.ink[shown[k]];
        });
        button.setAttribute("aria-selected", chosen && chosen.index === index ? "true" : "false");
        button.setAttribute("aria-disabled", disabled ? "true" : "false");
        button.tabIndex = index === focus ? 0 : -1;
      });
    }

    return { tiles: tiles, draw: draw };
  }

  window.IngeniousRack = { make: make };
})();
