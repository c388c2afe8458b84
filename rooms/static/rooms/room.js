// The game room in the browser (docs/online-play.md): shows the room as the server sends it, and sends moves.
// The server is the only authority: the page keeps the last message, the player's choice in progress (a tile, its
// turn, the cells: in the browser's local storage under the game's address, so a reload or the link opened again
// in a new tab keeps it) and a preview of what a placement scores (hexes.js); nothing is sent before Confirm.
// Needs poll.js (the clock formatter), hexes.js, words.js, placements.js, link.js, prefs.js and actions.js; a
// seat's page also next.js (the player's next game, once this one is over).
(function () {
  "use strict";
  var root = document.getElementById("room");
  if (!root) return;
  var H = window.IngeniousHexes, W = window.IngeniousWords, clockText = window.Ingenious.clockText;
  var seat = root.dataset.seat === "" ? null : Number(root.dataset.seat);
  // The colours drawn and the ink written on them: games/colours.py's table, sent with the page ("R#d62728#fff ...").
  var FILL = {}, INK = {};
  root.dataset.colours.trim().split(/\s+/).forEach(function (entry) {
    var parts = entry.slice(1).split("#");
    FILL[entry[0]] = "#" + parts[1];
    INK[entry[0]] = "#" + parts[2];
  });
  var EMPTY = "#f6f1e7";
  var board = new H.Board(document.getElementById("board"));
  var state = null, log = [], receivedAt = 0;
  var chosen = null;    // {index, tile}: the rack's tile chosen, turned as the player turned it
  var firstCell = null; // "q,r" chosen for the tile's first colour
  var proposal = null;  // {tile, cells: [a, b]} in place, awaiting Confirm
  var sending = null;   // the move on its way (link.js), drawn in place meanwhile
  var hint = null;      // a placement of the list (placements.js) the focus is on, outlined on the board
  var presence = null;  // the seats' presence as last reported (only some messages carry it: it stays till the next)
  var focusKey = board.keys[Math.floor(board.keys.length / 2)]; // the board's one Tab stop (roving tabindex)
  var baseTitle = document.title, wasMine = null;
  var CHOICE_KEY = "ingenious-choice:" + root.dataset.socket;
  var letterOf = {};
  board.svg.querySelectorAll(".letters text").forEach(function (t) { letterOf[t.dataset.cell] = t; });

  function $(id) { return document.getElementById(id); }
  function mine() { return state && state.status === "playing" && state.turn === seat && seat !== null; }
  function placing() { return mine() && state.stage !== "decide"; }
  var live = W.live($("said")), say = live.say, sayAlso = live.sayAlso;
  function refusal(text) { var p = $("refusal"); if (p) p.textContent = text; }

  // -- the choice in progress, kept per game in local storage (a reload, or the link opened again, keeps it) ------
  function remember() {
    try {
      if (!chosen || !state) localStorage.removeItem(CHOICE_KEY);
      else localStorage.setItem(CHOICE_KEY, JSON.stringify({ seq: state.seq, chosen: chosen, first: firstCell, proposal: proposal }));
    } catch (e) { /* storage refused: the choice is only lost on a reload */ }
  }
  function recall() {
    try {
      var saved = JSON.parse(localStorage.getItem(CHOICE_KEY) || "null");
      if (!saved || saved.seq !== state.seq || !placing() || !holds(saved.chosen)) return;
      chosen = saved.chosen; firstCell = saved.first; proposal = saved.proposal;
    } catch (e) { /* nothing kept */ }
  }
  function holds(choice) {
    var t = choice && state.rack && state.rack[choice.index];
    return !!t && (t === choice.tile || t === choice.tile[1] + choice.tile[0]);
  }

  // -- a message from the server ------------------------------------------------------------------------------
  function show(message) {
    if (state && message.seq < state.seq) return; // an older answer overtaken by a newer one
    if (message.error) refusal(message.error.message);
    if (message.events === undefined) return;
    var before = log.length, first = state === null, moved = !state || message.seq !== state.seq;
    if (!message.log_from) log = message.events.slice();
    else if (message.log_from === log.length) log = log.concat(message.events);
    else { link.resync(); return; } // a gap: ask for the whole room again
    message.events = log;
    var flagsBefore = state ? state.flagged.join() : "", turnBefore = state ? state.turn : null;
    var decidingBefore = state ? state.stage === "decide" && state.turn === seat : false;
    if (message.presence) presence = { seats: message.presence, now_ms: message.now_ms };
    state = message;
    receivedAt = performance.now();
    if (first) recall();
    else if (moved) { // the room moved on: a choice still possible stays, its cells go
      if (!placing() || !holds(chosen)) chosen = null;
      firstCell = null; proposal = null;
      remember();
    }
    if (message.error && !sending) { proposal = null; firstCell = null; }
    drawAll();
    if (!first && moved) tell(before, flagsBefore, turnBefore);
    if (first) say(statusText());
    // The placements are made and a swap is offered: the next choice is End turn (or Swap), where the focus goes.
    if (mine() && state.stage === "decide" && !decidingBefore && focusInGame()) $("end-turn").focus();
    keepFocus();
  }

  /* Focus never falls to the page's body while the player is in the game (a button pressed, then hidden): it goes
     back to the rack, or to the board. */
  var wasInGame = false;
  function focusInGame() {
    var active = document.activeElement;
    return (active && active !== document.body && root.contains(active)) || (wasInGame && active === document.body);
  }
  root.addEventListener("focusin", function () { wasInGame = true; });
  document.addEventListener("focusin", function (event) { if (!root.contains(event.target)) wasInGame = false; });
  function keepFocus() {
    if (!wasInGame || (document.activeElement && document.activeElement !== document.body)) return;
    var tile = tiles.filter(function (t) { return !t.hidden && t.tabIndex === 0; })[0];
    if (tile && seat !== null && state.status === "playing") tile.focus({ preventScroll: true });
    else if (board.cells[focusKey]) board.cells[focusKey].g.focus({ preventScroll: true });  // not scrolled to: the player may be reading below
  }

  /* What the live region says of what just happened: the new events in words, a flag, then whose turn it is. */
  function tell(before, flagsBefore, turnBefore) {
    var words = [];
    log.slice(before).forEach(function (e) { words.push(W.said(e, state.players, seat, board)); });
    if (state.flagged.join() !== flagsBefore) words.push(W.flagWords(state, seat));
    if (state.status === "finished") words.push(W.resultWords(state));
    else if (mine() && state.stage === "bonus") words.push("A bonus placement: place another tile.");
    else if (mine() && state.stage === "decide" && state.may_swap) words.push(W.swapWhy(state.scores[seat], state.rack) + " You may swap your rack, or end your turn.");
    else if (state.turn !== null && state.turn !== turnBefore) words.push(mine() ? "Your turn." : state.players[state.turn] + "'s turn.");
    say(words.filter(Boolean).join(" "));
  }

  function drawAll() {
    drawBoard(); drawPlayers(); drawRack(); drawMoves(); drawStatus();
    $("bag").textContent = state.bag;
    if (state.status === "finished") drawAfter();
  }

  // -- the board -------------------------------------------------------------------------------------------------
  function filledCells() {
    var filled = {}, owner = {}, lastOf = {};
    Object.keys(board.starts).forEach(function (k) { filled[k] = board.starts[k]; });
    log.forEach(function (e) {
      if (e.type !== "place") return;
      e.cells.forEach(function (c, i) { filled[c.join(",")] = e.tile[i]; owner[c.join(",")] = e.player; });
      lastOf[e.player] = e;
    });
    return { filled: filled, owner: owner, lastOf: lastOf };
  }

  function legalCells() {
    var result = {};
    if (!state || !chosen || !state.legal_pairs || proposal) return result;
    state.legal_pairs.forEach(function (pair) {
      var a = pair[0].join(","), b = pair[1].join(",");
      if (firstCell === null) { result[a] = true; result[b] = true; }
      else if (a === firstCell) result[b] = true;
      else if (b === firstCell) result[a] = true;
    });
    return result;
  }

  function shownMove() { return sending && sending.action === "place" ? sending : proposal; }

  function drawBoard() {
    var seen = filledCells(), legal = legalCells(), shown = shownMove(), outlines = [];
    var inPlace = {};
    if (shown) shown.cells.forEach(function (c, i) { inPlace[c.join ? c.join(",") : c] = shown.tile[i]; });
    if (firstCell && chosen && !shown) inPlace[firstCell] = chosen.tile[0];
    board.keys.forEach(function (k) {
      var cell = board.cells[k], g = cell.g, letter = seen.filled[k] || inPlace[k] || "";
      if (!board.starts[k]) {
        g.querySelector("polygon").setAttribute("fill", letter ? FILL[letter] : EMPTY);
        var text = letterOf[k];
        text.textContent = letter;
        text.setAttribute("fill", letter ? INK[letter] : "#000");
      }
      g.classList.toggle("filled", !!seen.filled[k]);
      g.classList.toggle("legal", !!legal[k]);
      g.classList.toggle("proposed", !!inPlace[k] && !seen.filled[k]);
      g.setAttribute("aria-label", cellName(k, seen, legal, inPlace));
      g.setAttribute("tabindex", k === focusKey ? "0" : "-1");
      if (inPlace[k] && !seen.filled[k]) g.setAttribute("aria-selected", "true"); else g.removeAttribute("aria-selected");
    });
    log.forEach(function (e) {
      if (e.type !== "place") return;
      var a = e.cells[0].join(","), b = e.cells[1].join(",");
      var last = seen.lastOf[e.player] === e ? " last last-" + e.player : "", d = board.outline(a, b);
      // A player's last tile: its mark on a white halo, seen against any colour around it (3:1 and more).
      if (last) outlines.push('<path class="tile-outline halo" d="' + d + '"/>');
      outlines.push('<path class="tile-outline' + last + '" d="' + d + '"/>');
    });
    if (shown) outlines.push('<path class="tile-outline proposed" d="' + board.outline(shown.cells[0].join(","), shown.cells[1].join(",")) + '"/>');
    else if (hint) outlines.push('<path class="tile-outline hint" d="' + board.outline(hint.cells[0], hint.cells[1]) + '"/>');
    board.svg.querySelector(".outlines").innerHTML = outlines.join("");
    root.classList.toggle("choosing", !!chosen && placing());
  }

  function cellName(k, seen, legal, inPlace) {
    var what;
    if (board.starts[k]) what = H.COLOUR_WORDS[board.starts[k]] + " start symbol";
    else if (seen.filled[k]) {
      var who = seen.owner[k] === seat ? "your" : state.players[seen.owner[k]] + "'s";
      var e = seen.lastOf[seen.owner[k]];
      var last = e && e.cells.some(function (c) { return c.join(",") === k; }) ? ", " + who + " last tile" : "";
      what = H.COLOUR_WORDS[seen.filled[k]] + last;
    } else if (inPlace[k]) what = H.COLOUR_WORDS[inPlace[k]] + (proposal ? ", awaiting your confirmation" : sending ? ", on its way" : ", first cell chosen");
    else what = legal[k] ? "empty, you may place here" : "empty";
    return board.place(k) + ": " + what;
  }

  function focusCell(k) {
    if (!k) return;
    var old = board.cells[focusKey];
    if (old) old.g.setAttribute("tabindex", "-1");
    focusKey = k;
    board.cells[k].g.setAttribute("tabindex", "0");
    board.cells[k].g.focus();
  }

  // -- the players: names, presence, clocks, score tracks --------------------------------------------------------
  function drawPlayers() {
    root.querySelectorAll(".player").forEach(function (section) {
      var p = Number(section.dataset.player), scores = state.scores[p];
      var lowest = Math.min.apply(null, scores);
      section.querySelectorAll(".track li").forEach(function (li) {
        var c = Number(li.dataset.colour), low = scores[c] === lowest;
        li.querySelector(".value").textContent = scores[c];
        li.querySelector(".bar").style.width = (100 * scores[c] / 18).toFixed(0) + "%";
        li.classList.toggle("lowest", low);
        li.querySelector(".low").textContent = low ? " (lowest)" : "";
      });
      section.querySelector(".rack-size").textContent = state.rack_sizes[p];
      section.classList.toggle("on-turn", state.turn === p && state.status === "playing");
      section.classList.toggle("flagged", state.flagged[p]);
      section.querySelector(".out").hidden = !state.flagged[p];
      var seen = section.querySelector(".presence");
      seen.textContent = p === seat || !presence ? "" : W.presenceWords(presence.seats[p], presence.now_ms);
    });
    tick();
  }

  function serverNow() { return state.now_ms + (performance.now() - receivedAt); }
  function tick() {
    if (!state) return;
    root.querySelectorAll(".player").forEach(function (section) {
      var p = Number(section.dataset.player), left = state.clocks_ms[p];
      if (state.status === "playing" && state.turn === p) left -= performance.now() - receivedAt;
      var clock = section.querySelector(".clock"), text = clockText(left);
      if (clock.textContent !== text) {
        clock.textContent = text;
        clock.setAttribute("aria-label", (p === seat ? "your" : state.players[p] + "'s") + " time: " + window.Ingenious.clockWords(left));
      }
    });
    if (state.status === "waiting") $("status").textContent = statusText();
  }
  setInterval(tick, 250);

  // -- the rack (rack.js), its buttons, the placements and the confirmation --------------------------------------
  var rack = window.IngeniousRack.make($("rack"), { fill: FILL, ink: INK }, { choose: function (i) { actions.choose(i); } });
  var tiles = rack.tiles;
  function drawRack() {
    if (!$("rack")) return;
    rack.draw(state.rack || [], chosen, !(placing() && !proposal && !sending));
    $("turn-tile").disabled = !chosen;
    drawPlacements();
    $("swap").hidden = !state.may_swap;
    $("end-turn").hidden = !(mine() && state.stage === "decide");
    drawConfirm();
  }

  /* The chosen tile's placements, best first (placements.js), while it is to be placed. */
  var spots = $("placements") ? window.IngeniousPlacements.box($("placements"), board, {
    pick: function (placement) { actions.propose(placement); },
    hint: function (placement) { hint = placement; drawBoard(); },
  }) : null;
  function placementsNow() {
    if (!chosen || !placing() || proposal || sending) return [];
    return window.IngeniousPlacements.list(board, filledCells().filled, chosen.tile, state.legal_pairs, firstCell);
  }
  function drawPlacements() {
    if (!spots) return;
    var open = !!chosen && placing() && !proposal && !sending;
    if (!open && hint) hint = null;
    spots.draw(placementsNow(), open ? chosen.tile + (firstCell || "") : null);
  }

  /* The preview in words: what the placement awaiting Confirm scores (Confirm is described by it, and it is said). */
  function previewText() {
    if (!proposal) return "";
    var seen = filledCells(), gain = board.gain(seen.filled, proposal.tile, proposal.cells[0].join(","), proposal.cells[1].join(","));
    var mineScores = state.scores[seat], reaches = [];
    gain.forEach(function (p, c) { if (p && mineScores[c] < 18 && mineScores[c] + p >= 18) reaches.push(H.COLOUR_WORDS[H.LETTERS[c]]); });
    $("confirm-bar").dataset.gain = gain.join(" ");
    return H.tileWords(proposal.tile) + " scores " + H.gainWords(gain) +
      (reaches.length ? "; " + reaches.join(" and ") + " reach 18: a bonus placement" : "") + ".";
  }

  function drawConfirm() {
    var bar = $("confirm-bar");
    if (!bar) return;
    bar.hidden = !proposal;
    if (!proposal) return;
    $("preview").textContent = previewText();
  }

  // -- the move list, the status line, after the game ------------------------------------------------------------
  function drawMoves() {
    var list = $("moves");
    list.textContent = "";
    W.turns(log, state.players).forEach(function (turn) {
      var li = document.createElement("li");
      li.textContent = turn.text;
      list.appendChild(li);
    });
  }

  function statusText() {
    return W.status(state, seat, { sending: sending, proposal: proposal, chosen: chosen, firstCell: firstCell,
                                   serverNow: serverNow(), zone: root.dataset.zone });
  }

  function drawStatus() {
    var status = $("status");
    status.textContent = statusText();
    status.classList.toggle("mine", mine());
    document.title = (mine() ? "● Your turn – " : state.status === "finished" ? "Game over – " : "") + baseTitle;
    if (mine() && wasMine === false && soundOn()) beep();
    wasMine = mine();
  }

  function drawAfter() {
    $("after").hidden = false;
    root.classList.add("finished"); // no more buttons to press
    $("result-words").textContent = W.resultWords(state);
    var hasLog = !(state.outcome.forfeit || state.outcome.decided);
    // A forfeit, or an arbiter's decision, may have no move log: the replay is only for a game the room finished.
    $("replay").hidden = !hasLog;
    if ($("turn-sound")) $("turn-sound").closest(".sound").hidden = true; // no turn is coming any more
  }

  // -- the player's choices the browser remembers: confirming each placement (on by default), the turn's sound --
  var prefs = window.IngeniousPrefs;
  function soundOn() { return seat !== null && prefs.soundOn(); }
  function confirmOn() { return prefs.confirmOn(); }
  function beep() { root.dataset.beeps = String(Number(root.dataset.beeps || 0) + 1); prefs.beep(); } // counted, for the tests
  prefs.wire($("turn-sound"), $("ask-confirm"));

  // -- choosing, confirming, sending -----------------------------------------------------------------------------
  var actions = window.IngeniousRoomActions.wire({
    root: root, board: board, link: null, get: function () {
      return { state: state, chosen: chosen, firstCell: firstCell, proposal: proposal, sending: sending,
               focusKey: focusKey, placing: placing(), confirmOn: confirmOn() };
    },
    set: function (change) {
      var had = proposal;
      if ("chosen" in change) chosen = change.chosen;
      if ("firstCell" in change) firstCell = change.firstCell;
      if ("proposal" in change) proposal = change.proposal;
      remember();
      if (state) { drawBoard(); drawRack(); drawStatus(); }
      // The placement is complete: what it would score is said (and describes Confirm, where the focus goes).
      if (proposal && (!had || had.tile !== proposal.tile)) say(previewText());
    },
    hear: hear,
    legal: legalCells, focusCell: focusCell, refusal: refusal, say: say, tiles: function () { return tiles; },
    send: function (move) { move.seq = state.seq; link.send(move); },
  });

  /* What a key asks to hear (actions.js): the clocks (C), the scores (S), the last move (M), the focused cell's
     neighbours (N); the chosen tile's placements (P) are a list to go to, not words. */
  function hear(what) {
    if (!state) return;
    if (what === "clocks") say(W.clocksSaid(state, seat, function (p) {
      return state.clocks_ms[p] - (state.status === "playing" && state.turn === p ? performance.now() - receivedAt : 0);
    }));
    if (what === "scores") say(W.scoresSaid(state, seat));
    if (what === "last") say(W.lastSaid(log, state.players, seat, board));
    if (what === "neighbours") {
      var seen = filledCells(), legal = legalCells(), around = [];
      for (var d = 0; d < 6; d += 1) {
        var n = board.neighbour(focusKey, d);
        if (n) around.push(W.DIRECTION_WORDS[d] + ", " + cellName(n, seen, legal, {}));
      }
      say("Beside " + board.place(focusKey) + ": " + around.join("; ") + ".");
    }
    if (what === "placements" && spots && !spots.focus()) say(chosen ? "No placement: choose another tile." : "Choose a tile first.");
  }

  // The player's next game, once this one is over: its own message over the socket, `next` in the HTTP answer.
  var nextBox = seat !== null && window.IngeniousNext ? window.IngeniousNext.box($("next-game")) : null;
  function showNext(message) { if (nextBox) sayAlso(nextBox.show(message)); }

  var link = window.IngeniousLink.open(root, {
    message: function (message) {
      if (message.type === "next") { showNext(message); return; }
      show(message);
      if (message.next) showNext(message.next);
    },
    state: function (words, kind) {  // #net is a live region: said as it changes, and hidden while empty
      var net = $("net");
      if (net.textContent !== words) net.textContent = words;
      net.dataset.kind = kind;
    },
    pending: function (move) {
      sending = move;
      if (!move) { root.classList.remove("sending"); }
      else root.classList.add("sending");
      if (state) { drawBoard(); drawRack(); drawStatus(); }
      if (move) actions.sent();
    },
  });
})();
