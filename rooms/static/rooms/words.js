/* The room in words (loaded before room.js): the move list by turns, what the live region says as the game moves
   on, the result, a player's presence and a clock's label.  No coordinates in the move list: colours and points, as
   players say them; the live region names the places too (a player who cannot see the board needs them). */
(function () {
  "use strict";
  var H = window.IngeniousHexes;

  function points(gain) { // the log's {"R": 3} as six numbers
    var six = [0, 0, 0, 0, 0, 0];
    Object.keys(gain || {}).forEach(function (letter) { six[H.LETTERS.indexOf(letter)] = gain[letter]; });
    return six;
  }

  function shortTile(tile) { return tile[0] === tile[1] ? "double " + H.COLOUR_WORDS[tile[0]] : H.COLOUR_WORDS[tile[0]] + "-" + H.COLOUR_WORDS[tile[1]]; }
  function drawWords(e) {
    var n = e.tiles ? e.tiles.length : e.count;
    return "drew " + (n === 1 ? "a tile" : n + " tiles") + (e.tiles ? " (" + e.tiles.map(shortTile).join(", ") + ")" : "");
  }

  /* The log's events as turns: [{player, text}], a player's placements, bonuses, swap and draws in one line. */
  function turns(events, names) {
    var list = [], current = null;
    events.forEach(function (e) {
      if (e.type === "end") { list.push({ player: null, text: "The game is over." }); current = null; return; }
      if (e.type === "flag") {
        list.push({ player: e.player, text: names[e.player] + " ran out of time." });
        current = null;
        return;
      }
      if (!current || current.player !== e.player) {
        current = { player: e.player, parts: [], placed: 0 };
        list.push(current);
      }
      if (e.type === "place") {
        current.parts.push((current.placed ? "bonus: " : "") + H.tileWords(e.tile) + " for " + H.gainWords(points(e.gain)));
        current.placed += 1;
      } else if (e.type === "swap") {
        current.parts.push("swapped the rack, showing " + e.rack.map(shortTile).join(", "));
      } else if (e.type === "draw") {
        current.parts.push(drawWords(e));
      }
    });
    return list.map(function (turn) {
      return turn.parts ? { player: turn.player, text: names[turn.player] + ": " + turn.parts.join("; ") + "." } : turn;
    });
  }

  /* One new event as the live region says it to `seat` (null: a spectator); "" for what is not worth saying. */
  function said(e, names, seat, board) {
    var who = e.player === seat ? "You" : names[e.player];
    if (e.type === "place") {
      var a = e.cells[0].join(","), b = e.cells[1].join(",");
      return who + " placed " + H.tileWords(e.tile) + ": " + H.COLOUR_WORDS[e.tile[0]] + " on " + board.place(a) +
        ", " + H.COLOUR_WORDS[e.tile[1]] + " on " + board.place(b) + "; scored " + H.gainWords(points(e.gain)) + ".";
    }
    if (e.type === "swap") return who + " swapped the rack, showing " + e.rack.map(shortTile).join(", ") + ".";
    if (e.type === "flag") return "";  // said with what follows, by flagWords
    return "";
  }

  /* Who ran out of time, and what follows: "Bob ran out of time: Alice plays on alone." */
  function flagWords(state, seat) {
    var n = state.players, out = [];
    state.flagged.forEach(function (flag, p) { if (flag) out.push(p); });
    if (!out.length) return "";
    if (out.length === n.length) return "Both players ran out of time: the game is over.";
    var gone = out[0], other = 1 - gone;
    var goneName = gone === seat ? "You" : n[gone], otherName = other === seat ? "you play" : n[other] + " plays";
    return goneName + " ran out of time: " + otherName + " on alone.";
  }

  function resultWords(state) {
    var n = state.players, o = state.outcome;
    if (o.decided) return "The arbiter ended the game by a decision: the result is on the round's page.";
    if (o.forfeit) {
      return o.winner === null ? "Neither player placed a tile: both lose by forfeit."
        : n[o.winner] + " wins by forfeit: " + n[1 - o.winner] + " placed no tile.";
    }
    // Who won and on which colour is the server's words (tournament/domain/text.result_words): "Ann Able wins,
    // 5 v 3 in the second-lowest colour (both 0 in the lowest colour)".
    // (Running out of time is in the server's words already.)
    var why = { "all-18": "a player reached 18 in every colour", "board-full": "the board is full" }[o.ended_by];
    return o.words + (why ? "; the game ended as " + why + "." : ".");
  }

  /* A seat's presence as the server reports it (rooms.desk.presence): "connected", "last seen 2 min ago". */
  function presenceWords(seen, nowMs) {
    if (!seen) return "";
    if (seen.connected) return "connected";
    if (seen.seen_ms === null || seen.seen_ms === undefined) return "never connected";
    var s = Math.max(0, Math.floor((nowMs - seen.seen_ms) / 1000));
    return "last seen " + (s < 120 ? s + " s" : s < 7200 ? Math.floor(s / 60) + " min" : Math.floor(s / 3600) + " h") + " ago";
  }

  /* The live region `element`: say(text) puts the sentence in it (emptied first, so that the same sentence twice
     is said twice); sayAlso(text) adds what follows another sentence within 2 s as a node of its own: a live region
     says only what was added, so the first sentence (the result, before the next game) is said once. */
  function live(element) {
    var last = { text: "", at: -1e9 };
    function say(text) {
      if (!text) return;
      last = { text: text, at: performance.now() };
      element.textContent = "";
      setTimeout(function () { if (last.text === text) element.textContent = text; }, 50);
    }
    function sayAlso(text) {
      if (!text) return;
      if (performance.now() - last.at >= 2000) { say(text); return; }
      var after = last.text;
      setTimeout(function () {
        var span = document.createElement("span");
        span.textContent = " " + text;
        if (last.text === after) element.appendChild(span);
      }, 60);
    }
    return { say: say, sayAlso: sayAlso };
  }

  /* The status line: what is happening and what the player may do (`now`: the page's choice in progress, the
     move on its way, the server's clock now, the tournament's zone). */
  function status(state, seat, now) {
    var n = state.players, mine = state.status === "playing" && seat !== null && state.turn === seat;
    if (state.status === "waiting") {  // a wait, as every countdown writes it, and the start as a time of day
      var C = window.IngeniousCountdown;
      return "The game starts in " + C.words(Math.max(0, Math.ceil((state.starts_at_ms - now.serverNow) / 1000))) +
        " (at " + C.at(state.starts_at_ms, now.zone) + ").";
    }
    if (state.status === "paused") {  // with the arbiter's reason (the view's "pause")
      return "The game is paused by the arbiter" + (state.pause && state.pause.reason ? ": " + state.pause.reason : "") + ".";
    }
    if (state.status === "finished") {
      var o = state.outcome;
      if (o.decided) return "The game was ended by the arbiter's decision.";
      if (o.forfeit) return o.winner === null ? "Neither player played: both lose." : n[o.winner] + " wins by forfeit.";
      return "Game over: " + (o.winner === null ? "a draw." : n[o.winner] + " wins.");
    }
    var flag = flagWords(state, seat), turn, bonus = state.stage === "bonus" ? "Bonus placement: c" : "C";
    if (now.sending) turn = "Sending your move…";
    else if (mine) {
      if (state.stage === "decide") turn = state.may_swap ? swapWhy(state.scores[seat], state.rack) + " Swap your rack, or end your turn." : "End your turn.";
      else if (now.proposal) turn = "Confirm the placement, or undo it.";
      else if (!now.chosen) turn = state.stage === "bonus" ? "Bonus placement: choose a tile." : "Your turn: choose a tile.";
      else if (now.firstCell) turn = bonus + "hoose the second cell.";
      else turn = state.stage === "bonus" ? "Bonus placement: choose the first cell." : "Choose where the first colour goes.";
    } else turn = state.turn === null ? "" : n[state.turn] + " is playing.";
    return flag && !mine ? flag : (flag ? flag + " " : "") + turn;
  }

  /* Why a swap is offered (the rule: the rack holds no tile of the player's lowest colours, `scores` and `rack`
     the player's own): "Your rack has no red or green, your lowest colours (0)." */
  function swapWhy(scores, rack) {
    var lowest = Math.min.apply(null, scores), colours = [];
    scores.forEach(function (v, c) { if (v === lowest) colours.push(H.COLOUR_WORDS[H.LETTERS[c]]); });
    if (!rack || !rack.length) return "";
    return "Your rack has no " + colours.join(" or ") + ", your lowest colour" + (colours.length > 1 ? "s" : "") +
      " (" + lowest + "):";
  }

  /* The clocks, said on request: "Your time 8:12; Ben Baker's time 9:40, running." */
  function clocksSaid(state, seat, leftOf) {
    var clockWords = window.Ingenious.clockWords;
    return state.players.map(function (name, p) {
      return (p === seat ? "Your time " : name + "'s time ") + clockWords(leftOf(p)) +
        (state.flagged[p] ? ", out of time" : state.status === "playing" && state.turn === p ? ", running" : "");
    }).join("; ") + ".";
  }

  /* The scores, said on request: each player's six, then their lowest. */
  function scoresSaid(state, seat) {
    return state.players.map(function (name, p) {
      var row = state.scores[p];
      return (p === seat ? "You" : name) + ": " + row.map(function (v, c) { return H.COLOUR_WORDS[H.LETTERS[c]] + " " + v; }).join(", ") +
        "; lowest " + Math.min.apply(null, row);
    }).join(". ") + ".";
  }

  /* The last placement or swap, said on request, as the live region said it then. */
  function lastSaid(events, names, seat, board) {
    for (var i = events.length - 1; i >= 0; i -= 1) {
      if (events[i].type === "place" || events[i].type === "swap") return said(events[i], names, seat, board);
    }
    return "No move yet.";
  }

  // The six neighbours of a cell in the engine's order of directions (hexes.js), as they lie on screen.
  var DIRECTION_WORDS = ["right", "upper right", "upper left", "left", "lower left", "lower right"];

  window.IngeniousWords = { turns: turns, said: said, flagWords: flagWords, resultWords: resultWords,
                            presenceWords: presenceWords, points: points, live: live, status: status, swapWhy: swapWhy, clocksSaid: clocksSaid,
                            scoresSaid: scoresSaid, lastSaid: lastSaid, DIRECTION_WORDS: DIRECTION_WORDS };
})();
