/* The room's board as the page knows it (loaded before room.js): the cells the server drew (rooms/board_svg:
   a WAI-ARIA grid, a row per line of hexes), their neighbours, the arrow keys over them, the places' names, the
   tiles' outlines, and the preview of what a placement would score.

   The preview follows the rule of docs/move-log.md, "Precise points" (Gain): each hex of the tile
   scores the unbroken lines of its own colour leaving it, the line toward its partner left out.  It is a preview
   only: the server's engine (games/engine/scoring.raw_gain) judges every placement and its figure is the one shown
   once the move is made; tests/browser/test_room_by_keyboard.py checks the two agree on every placement of a game.
   It is done here, not asked of the server, so that a player sees it at once on a slow phone line and while the
   connection is being restored, and so that the server gets no extra message per tap. */
(function () {
  "use strict";
  // Axial directions, in the engine's order (games/engine/board.DIRECTIONS): d and (d + 3) % 6 are opposite.
  var DIRECTIONS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
  var COLOUR_WORDS = { R: "red", O: "orange", Y: "yellow", G: "green", B: "blue", P: "purple" };
  var LETTERS = "ROYGBP";

  function key(q, r) { return q + "," + r; }
  function parse(k) { return k.split(",").map(Number); }

  /* The board drawn in `svg`: cells by "q,r", each with its row (1 at the top) and place in the row (1 at the left). */
  function Board(svg) {
    var self = this;
    this.svg = svg;
    this.cells = {};
    this.starts = {};
    this.keys = [];
    svg.querySelectorAll('[role="row"]').forEach(function (row, rowIndex) {
      // A row is named by its number only: named by its contents, it would read out all its cells.
      row.setAttribute("aria-label", "row " + (rowIndex + 1));
      row.querySelectorAll(".cell").forEach(function (g, placeIndex) {
        var k = g.dataset.cell;
        self.cells[k] = { g: g, row: rowIndex + 1, place: placeIndex + 1 };
        if (g.dataset.start) self.starts[k] = g.dataset.start;
        self.keys.push(k);
      });
    });
  }

  Board.prototype.has = function (k) { return Object.prototype.hasOwnProperty.call(this.cells, k); };

  /* The neighbour of `k` in direction d, or null off the playing area. */
  Board.prototype.neighbour = function (k, d) {
    var c = parse(k), n = key(c[0] + DIRECTIONS[d][0], c[1] + DIRECTIONS[d][1]);
    return this.has(n) ? n : null;
  };

  /* Where an arrow key goes from `k`, as the cells lie on screen (pointy-topped hexes in rows): Left and Right along
     the row; Up and Down to the row above or below, zig-zagging so that Up then Down comes back, and to the other of
     the two neighbours at the board's edge.  Home and End: the row's ends. */
  Board.prototype.step = function (k, arrow) {
    var c = parse(k), q = c[0], r = c[1];
    var even = ((r % 2) + 2) % 2 === 0;
    var tries = {
      ArrowLeft: [[q - 1, r]], ArrowRight: [[q + 1, r]],
      ArrowUp: even ? [[q + 1, r - 1], [q, r - 1]] : [[q, r - 1], [q + 1, r - 1]],
      ArrowDown: even ? [[q, r + 1], [q - 1, r + 1]] : [[q - 1, r + 1], [q, r + 1]],
    }[arrow];
    if (arrow === "Home" || arrow === "End") {
      var row = this.keys.filter(function (other) { return parse(other)[1] === r; });
      return arrow === "Home" ? row[0] : row[row.length - 1];
    }
    if (!tries) return null;
    for (var i = 0; i < tries.length; i += 1) {
      var n = key(tries[i][0], tries[i][1]);
      if (this.has(n)) return n;
    }
    return k;
  };

  Board.prototype.place = function (k) {
    var cell = this.cells[k];
    return "row " + cell.row + ", place " + cell.place;
  };

  /* The nearest of `candidates` to `k`, in steps over the board (ties: the first in reading order). */
  Board.prototype.nearest = function (k, candidates) {
    var c = parse(k), best = null, bestDistance = Infinity;
    this.keys.forEach(function (other) {
      if (!candidates[other]) return;
      var o = parse(other), dq = o[0] - c[0], dr = o[1] - c[1];
      var distance = Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr));
      if (distance < bestDistance) { best = other; bestDistance = distance; }
    });
    return best;
  };

  /* Raw points of `tile` (two letters) on cells a then b, on `filled` ("q,r" -> letter, start symbols included):
     six numbers in the order R O Y G B P, before the cap at 18. */
  Board.prototype.gain = function (filled, tile, a, b) {
    var self = this, points = [0, 0, 0, 0, 0, 0];
    var ca = parse(a), cb = parse(b), towards = -1;
    DIRECTIONS.forEach(function (dir, d) { if (ca[0] + dir[0] === cb[0] && ca[1] + dir[1] === cb[1]) towards = d; });
    [[a, tile[0], towards], [b, tile[1], (towards + 3) % 6]].forEach(function (half) {
      for (var d = 0; d < 6; d += 1) {
        if (d === half[2]) continue;
        var n = self.neighbour(half[0], d);
        while (n !== null && filled[n] === half[1]) {
          points[LETTERS.indexOf(half[1])] += 1;
          n = self.neighbour(n, d);
        }
      }
    });
    return points;
  };

  /* The outline of two neighbouring hexes as one tile: an SVG path round both. */
  Board.prototype.outline = function (a, b) {
    var self = this;
    function drawn(k) {
      return self.cells[k].g.querySelector("polygon").getAttribute("points").trim().split(/\s+/).map(function (p) {
        return p.split(",").map(Number);
      });
    }
    function centre(points) {
      return [0, 1].map(function (i) { return points.reduce(function (s, p) { return s + p[i]; }, 0) / points.length; });
    }
    // The cells are drawn a little apart: each hex is grown about its centre until the two touch (the distance of
    // their centres over the square root of 3), so that their shared side is one and the outline goes round both.
    var ca = centre(drawn(a)), cb = centre(drawn(b));
    var reach = Math.sqrt(Math.pow(ca[0] - cb[0], 2) + Math.pow(ca[1] - cb[1], 2)) / Math.sqrt(3);
    function corners(k) {
      var points = drawn(k), c = centre(points);
      return points.map(function (p) {
        var dx = p[0] - c[0], dy = p[1] - c[1], r = Math.sqrt(dx * dx + dy * dy);
        return [c[0] + dx * reach / r, c[1] + dy * reach / r];
      });
    }
    var edges = [];
    [a, b].forEach(function (k) {
      var points = corners(k);
      points.forEach(function (p, i) { edges.push([p, points[(i + 1) % points.length]]); });
    });
    function near(p, o) { return Math.abs(p[0] - o[0]) < 0.6 && Math.abs(p[1] - o[1]) < 0.6; }
    // The shared side appears twice, once each way round: leave it out, then chain the ten others.
    var outer = edges.filter(function (e) {
      return !edges.some(function (f) { return f !== e && near(e[0], f[1]) && near(e[1], f[0]); });
    });
    var path = [outer[0][0]], at = outer[0][1], used = [outer[0]];
    while (used.length < outer.length) {
      var next = outer.filter(function (e) { return used.indexOf(e) < 0 && near(e[0], at); })[0];
      if (!next) break;
      path.push(next[0]);
      at = next[1];
      used.push(next);
    }
    return "M" + path.map(function (p) { return p[0].toFixed(1) + "," + p[1].toFixed(1); }).join("L") + "Z";
  };

  function tileWords(tile) {
    return tile[0] === tile[1] ? "double " + COLOUR_WORDS[tile[0]] : COLOUR_WORDS[tile[0]] + " and " + COLOUR_WORDS[tile[1]];
  }

  /* Points per colour in words: "red 3, green 1", or "no points". */
  function gainWords(points) {
    var parts = [];
    points.forEach(function (p, c) { if (p) parts.push(COLOUR_WORDS[LETTERS[c]] + " " + p); });
    return parts.length ? parts.join(", ") : "no points";
  }

  window.IngeniousHexes = { Board: Board, COLOUR_WORDS: COLOUR_WORDS, LETTERS: LETTERS, tileWords: tileWords,
                            gainWords: gainWords };
})();
