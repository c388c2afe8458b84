/* Where the chosen tile may go, as a list (loaded after hexes.js, before room.js): every legal placement of the
   tile, both ways round, with what it would score, best first.  A player who cannot see the board, or who plays by
   keyboard, places any tile in a few keys this way (choose the tile, P, the arrow keys, Enter, then Confirm)
   instead of one key per step over the board.  The cells come from the server (the view's `legal_pairs`, the
   engine's judgement); the points are the page's preview (hexes.js, `Board.gain`), the figure the engine records.

   IngeniousPlacements.list(board) -> [{tile, cells: [a, b], gain: [six], total}] for (filled, tile, pairs, first):
   sorted by total points, highest first (ties: the order the server gave).
   IngeniousPlacements.box(element, handlers) -> {draw(placements, tile), focus()}: a WAI-ARIA listbox, one Tab stop,
   arrow keys, Home and End between the options, Enter or Space chooses (handlers.pick(placement)); focusing an
   option shows it on the board (handlers.hint(placement or null)). */
(function () {
  "use strict";
  var H = window.IngeniousHexes;

  function key(cell) { return cell.join ? cell.join(",") : cell; }

  /* Every placement of `tile` on the server's `pairs` ([[q, r], [q, r]] unordered), both ways round; only those
     covering `first` ("q,r") when the player has chosen a first cell. */
  function list(board, filled, tile, pairs, first) {
    var found = [], double = tile[0] === tile[1];
    (pairs || []).forEach(function (pair) {
      var a = key(pair[0]), b = key(pair[1]);
      // Both ways round: the tile's first colour on either cell (a double tile is the same either way).
      (double ? [[a, b]] : [[a, b], [b, a]]).forEach(function (cells) {
        if (first && cells[0] !== first) return;
        var gain = board.gain(filled, tile, cells[0], cells[1]);
        found.push({ tile: tile, cells: cells, gain: gain,
                     total: gain.reduce(function (s, p) { return s + p; }, 0), order: found.length });
      });
    });
    found.sort(function (x, y) { return y.total - x.total || x.order - y.order; });
    return found;
  }

  /* A placement in words: "orange on row 4, place 7, green on row 4, place 8: orange 3, green 1". */
  function words(board, placement) {
    var t = placement.tile, c = placement.cells;
    return H.COLOUR_WORDS[t[0]] + " on " + board.place(c[0]) + ", " + H.COLOUR_WORDS[t[1]] + " on " +
      board.place(c[1]) + ": " + H.gainWords(placement.gain);
  }

  function box(element, board, handlers) {
    var listbox = element.querySelector("[role=listbox]"), options = [], shown = [], active = 0, drawnKey = "";

    function move(to) {
      if (!options.length) return;
      active = Math.max(0, Math.min(options.length - 1, to));
      options.forEach(function (o, i) { o.tabIndex = i === active ? 0 : -1; o.setAttribute("aria-selected", String(i === active)); });
      options[active].focus();
    }

    listbox.addEventListener("keydown", function (event) {
      var to = { ArrowDown: active + 1, ArrowUp: active - 1, ArrowRight: active + 1, ArrowLeft: active - 1,
                 Home: 0, End: options.length - 1, PageDown: active + 10, PageUp: active - 10 }[event.key];
      if (to !== undefined) { event.preventDefault(); move(to); return; }
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        if (shown[active]) handlers.pick(shown[active]);
      }
    });
    listbox.addEventListener("focusin", function (event) {
      var i = options.indexOf(event.target);
      if (i >= 0) { active = i; handlers.hint(shown[i]); }
    });
    listbox.addEventListener("focusout", function () { handlers.hint(null); });

    /* The list for `placements` of `tile` (null: hidden); drawn again only when it changed, so that the focus in it
       stays where it is while the page redraws for a clock or a presence. */
    function draw(placements, tile) {
      var drawKey = tile ? tile + "|" + placements.map(function (p) { return p.tile + p.cells.join(" "); }).join("|") : "";
      element.hidden = !tile;
      if (drawKey === drawnKey) return;
      drawnKey = drawKey;
      shown = placements || [];
      listbox.textContent = "";
      options = shown.map(function (placement, i) {
        var li = document.createElement("li");
        li.setAttribute("role", "option");
        li.className = "placement";
        li.dataset.tile = placement.tile;
        li.dataset.cells = placement.cells.join(" ");
        li.dataset.total = String(placement.total);
        li.textContent = words(board, placement);
        li.tabIndex = i === 0 ? 0 : -1;
        li.setAttribute("aria-selected", String(i === 0));
        li.addEventListener("click", function () { active = i; handlers.pick(placement); });
        listbox.appendChild(li);
        return li;
      });
      active = 0;
      var count = element.querySelector(".count");
      if (count) count.textContent = shown.length === 1 ? "1 place" : shown.length + " places";
    }

    return { draw: draw, focus: function () { if (!element.hidden && options.length) move(active); return options.length > 0; } };
  }

  window.IngeniousPlacements = { list: list, box: box, words: words };
})();
