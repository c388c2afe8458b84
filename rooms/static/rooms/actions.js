/* What the player does in the room (loaded before room.js), by touch, mouse or keyboard: choose a tile (a second
   choice, the Turn button or T turns it), its two cells, then Confirm (Undo or Escape takes the placement back;
   nothing is sent before Confirm, unless the player turned confirming off).  By keyboard (the WAI-ARIA grid pattern):
   the rack and the board are one Tab stop each; arrow keys move between tiles, and between cells as they lie;
   Enter or Space chooses; choosing a tile takes the focus to the board, choosing the second cell to Confirm, and
   Confirm to the rack (the next choice is a tile: a bonus, or the next turn's).  A cell that cannot be chosen says
   why.  Keys anywhere in the room (not in a text box): 1 to 6 choose that tile of the rack, P goes to the list of
   the chosen tile's placements, best first (placements.js: Enter there places it, awaiting Confirm), T turns the
   tile, Escape starts again; C says the clocks, S the scores, M the last move, N the focused cell's neighbours.
   From "your turn", any placement is a few keys: 1, P, the arrow keys to it, Enter, Enter. */
(function () {
  "use strict";
  function wire(room) {
    var root = room.root, board = room.board;
    function $(id) { return document.getElementById(id); }

    function why(k) {
      var now = room.get(), s = now.state;
      if (!s || s.seat === null || s.seat === undefined) return "You are watching: only the players place tiles.";
      if (s.status !== "playing") return s.status === "paused" ? "The game is paused." : s.status === "waiting" ? "The game has not started." : "The game is over.";
      if (s.turn !== s.seat) return "It is " + s.players[s.turn] + "'s turn.";
      if (s.stage === "decide") return "Your placements are made: swap your rack or end your turn.";
      if (now.sending) return "Your move is on its way.";
      if (now.proposal) return "Confirm the placement or undo it first.";
      if (!now.chosen) return "Choose a tile of your rack first.";
      if (board.starts[k]) return "That cell is a start symbol.";
      if (root.querySelector('[data-cell="' + k + '"]').classList.contains("filled")) return "That cell is taken.";
      if (now.firstCell) return "Not next to the first cell, or that pair is not allowed.";
      var free = false;
      for (var d = 0; d < 6; d += 1) {
        var n = board.neighbour(k, d);
        if (n && !board.starts[n] && !root.querySelector('[data-cell="' + n + '"]').classList.contains("filled")) free = true;
      }
      return free ? "Not next to a tile or a start symbol." : "No free cell beside it for the tile's other half.";
    }

    function choose(index) {
      var now = room.get(), s = now.state;
      if (!now.placing || now.proposal || now.sending) { room.refusal(why(null)); return; }
      if (now.chosen && now.chosen.index === index) { turnTile(); return; }
      room.refusal("");
      room.set({ chosen: { index: index, tile: s.rack[index] }, firstCell: null, proposal: null });
      toBoard();
      var count = Object.keys(room.legal()).length ? document.querySelectorAll("#placements [role=option]").length : 0;
      room.say(window.IngeniousHexes.tileWords(s.rack[index]) + ": " + (count === 1 ? "1 place" : count + " places") +
               "; P lists them, best first.");
    }

    /* A placement of the list (placements.js): in place awaiting Confirm, or sent when confirming is off. */
    function propose(placement) {
      var now = room.get();
      if (!now.placing || !now.chosen || now.proposal || now.sending) { room.refusal(why(null)); return; }
      var proposal = { tile: placement.tile, cells: placement.cells.map(function (k) { return k.split(",").map(Number); }) };
      room.refusal("");
      room.focusCell(placement.cells[0]);
      if (!now.confirmOn) { send(proposal); return; }
      room.set({ chosen: { index: now.chosen.index, tile: placement.tile }, firstCell: null, proposal: proposal });
      $("confirm").focus();
    }

    /* Focus on the board where the next choice is: the focused cell if it may be chosen, else the nearest that may. */
    function toBoard() {
      var legal = room.legal(), now = room.get();
      room.focusCell(legal[now.focusKey] ? now.focusKey : board.nearest(now.focusKey, legal) || now.focusKey);
    }

    function turnTile() {
      var now = room.get();
      if (!now.chosen || now.sending) return;
      var tile = now.chosen.tile[1] + now.chosen.tile[0];
      var change = { chosen: { index: now.chosen.index, tile: tile } };
      // A placement awaiting Confirm turns in place: its two colours change cells.
      if (now.proposal) change.proposal = { tile: tile, cells: now.proposal.cells };
      room.set(change);
      if (!now.proposal) room.say(window.IngeniousHexes.tileWords(tile)); // else the new preview is said
    }

    function pick(k) {
      var now = room.get();
      if (!now.placing || !now.chosen || now.proposal || now.sending) { room.refusal(why(k)); return; }
      var legal = room.legal();
      if (k === now.firstCell) { room.set({ firstCell: null }); return; }
      if (!legal[k]) { room.refusal(why(k)); room.say(why(k)); return; }
      room.refusal("");
      if (now.firstCell === null) {
        room.set({ firstCell: k });
        // The second cell is next to it: focus goes to one that may be chosen.
        var partner = room.legal();
        var next = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"].map(function (a) { return board.step(k, a); })
          .filter(function (n) { return partner[n]; })[0] || board.nearest(k, partner);
        room.focusCell(next);
        return;
      }
      var cells = [now.firstCell.split(",").map(Number), k.split(",").map(Number)];
      var proposal = { tile: now.chosen.tile, cells: cells };
      if (!now.confirmOn) { send(proposal); return; }
      room.set({ proposal: proposal });
      $("confirm").focus();
    }

    function send(proposal) {
      room.set({ chosen: null, firstCell: null, proposal: null });
      room.send({ action: "place", tile: proposal.tile, cells: proposal.cells });
    }

    function confirm() {
      var now = room.get();
      if (now.proposal && !now.sending) send(now.proposal);
    }

    function undo() {
      var now = room.get();
      if (!now.proposal) return;
      var first = now.proposal.cells[0].join(",");
      room.set({ proposal: null, firstCell: null });
      room.focusCell(first);
      room.say("Placement taken back: choose the first cell again.");
    }

    function toRack() {
      var tiles = room.tiles().filter(function (t) { return t.tabIndex === 0 && !t.hidden; });
      if (tiles.length) tiles[0].focus();
    }

    function startAgain() {
      var now = room.get();
      if (now.proposal) { undo(); return; }
      if (!now.chosen) return;
      room.set({ chosen: null, firstCell: null });
      var tiles = room.tiles().filter(function (t) { return t.tabIndex === 0; });
      if (tiles.length) tiles[0].focus();
    }

    board.keys.forEach(function (k) {
      board.cells[k].g.addEventListener("click", function () { room.focusCell(k); pick(k); });
    });
    board.svg.addEventListener("keydown", function (event) {
      var now = room.get();
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pick(now.focusKey); return; }
      var to = board.step(now.focusKey, event.key);
      if (to) { event.preventDefault(); room.focusCell(to); }
    });
    document.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
      if (event.key === "t" || event.key === "T") turnTile();
      if (event.key === "Escape") startAgain();
      if (/^[1-6]$/.test(event.key) && room.tiles().length) {
        var tile = room.tiles()[Number(event.key) - 1];
        if (tile && !tile.hidden) { event.preventDefault(); tile.click(); }
      }
      var heard = { c: "clocks", s: "scores", m: "last", n: "neighbours", p: "placements" }[event.key.toLowerCase()];
      if (heard) { event.preventDefault(); room.hear(heard); }
    });
    if ($("turn-tile")) {
      $("turn-tile").addEventListener("click", turnTile);
      $("confirm").addEventListener("click", function () { confirm(); });
      $("undo").addEventListener("click", undo);
      // The button goes once the turn has passed: the focus goes to the rack first, never to the page's body.
      $("swap").addEventListener("click", function () { room.send({ action: "swap" }); toRack(); });
      $("end-turn").addEventListener("click", function () { room.send({ action: "end_turn" }); toRack(); });
    }

    return {
      choose: choose,
      propose: propose,
      /* A placement went: focus to the rack, where the next choice is (a bonus's tile, or the next turn's). */
      sent: function () { if (document.activeElement && document.activeElement.id === "confirm") toRack(); },
    };
  }
  window.IngeniousRoomActions = { wire: wire };
})();
