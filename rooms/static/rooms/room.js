// The game room in the browser (online-play.md): shows the room as the server sends it, and sends moves.
// The server is the only authority: this script keeps no game state of its own beyond the last message,
// counts the running clock down between messages only for show, and asks again after any gap.
(function () {
  "use strict";
  var root = document.getElementById("room");
  if (!root) return;
  var seatText = root.dataset.seat;
  var seat = seatText === "" ? null : Number(seatText);
  var COLOURS = "ROYGBP";
  var FILL = { R: "#d62728", O: "#ff7f0e", Y: "#e6c300", G: "#2ca02c", B: "#1f77b4", P: "#8e44ad" };
  var INK = { R: "#fff", O: "#000", Y: "#000", G: "#fff", B: "#fff", P: "#fff" };
  var EMPTY = "#f6f1e7";
  var state = null; // the last message from the server
  var log = []; // the game's log as far as this page has it (a socket message carries only what is new)
  var receivedAt = 0; // performance.now() when it came
  var chosen = null; // {index, tile} of the rack
  var firstCell = null; // "q,r" chosen first
  var socket = null, retry = 0, polling = null, clientCount = 0;
  var baseTitle = document.title;

  var cells = {};
  root.querySelectorAll(".board .cell").forEach(function (g) { cells[g.dataset.cell] = g; });

  function $(id) { return document.getElementById(id); }
  function names() { return state ? state.players : []; }
  function clockText(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function clientId() { clientCount += 1; return (seat === null ? "s" : "p" + seat) + "-" + Date.now().toString(36) + "-" + clientCount; }

  // -- drawing the message -------------------------------------------------------------------
  function show(message) {
    if (state && message.seq < state.seq) return; // an older answer overtaken by a newer one
    if (!message.log_from) log = message.events.slice();
    else if (message.log_from === log.length) log = log.concat(message.events);
    else { resync(); return; } // a gap: ask for the whole room again
    message.events = log;
    state = message;
    receivedAt = performance.now();
    var placing = message.turn === seat && message.status === "playing" && message.stage !== "decide";
    var stillHeld = chosen && message.rack && (message.rack[chosen.index] === chosen.tile ||
                    message.rack[chosen.index] === chosen.tile[1] + chosen.tile[0]);
    if (!placing || !stillHeld) chosen = null;
    firstCell = null;
    drawBoard();
    drawPlayers();
    drawRack();
    drawMoves();
    drawStatus();
    $("bag").textContent = message.bag;
    if (message.status === "finished") drawAfter();
  }

  // -- after the game: the result in words, and the replay when the game has a log -------------
  function resultWords() {
    var n = names(), o = state.outcome;
    if (o.decided) return "The arbiter ended the game by a decision: the result is on the round's page.";
    if (o.forfeit) {
      return o.winner === null ? "Neither player placed a tile: both lose by forfeit."
        : n[o.winner] + " wins by forfeit: " + n[1 - o.winner] + " placed no tile.";
    }
    var lowest = state.scores.map(function (row) { return Math.min.apply(null, row); });
    var levels = n[0] + " " + lowest[0] + ", " + n[1] + " " + lowest[1];
    var why = { "all-18": "a player reached 18 in every colour", "board-full": "the board is full",
                "all-flagged": "both players ran out of time" }[o.ended_by];
    return (o.winner === null ? "A draw" : n[o.winner] + " wins") + " (lowest colours: " + levels + ")" +
      (why ? "; the game ended as " + why + "." : ".");
  }
  function drawAfter() {
    $("after").hidden = false;
    $("result-words").textContent = resultWords();
    // A forfeit, or an arbiter's decision, may have no move log: the replay is only for a game the room finished.
    $("replay").hidden = !!(state.outcome.forfeit || state.outcome.decided);
    if ($("turn-sound")) $("turn-sound").closest(".sound").hidden = true; // no turn is coming any more
  }

  // -- the player's turn: the tab's title, and a short beep if the player asked for one --------
  var SOUND_KEY = "ingenious-turn-sound", audio = null;
  var soundBox = $("turn-sound");
  function soundOn() { try { return localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; } }
  function wakeAudio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) audio = new Context();
    if (audio && audio.state === "suspended") audio.resume();
  }
  function beep() {
    root.dataset.beeps = String(Number(root.dataset.beeps || 0) + 1); // counted, for the tests
    if (!audio) return;
    var now = audio.currentTime, osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start(now);
    osc.stop(now + 0.3);
  }
  if (soundBox) {
    soundBox.checked = soundOn();
    soundBox.addEventListener("change", function () {
      try { localStorage.setItem(SOUND_KEY, soundBox.checked ? "on" : "off"); } catch (e) { /* a private window */ }
      if (soundBox.checked) wakeAudio();
    });
    // A browser lets a page play sound only after the player has touched it: any click wakes the sound up.
    document.addEventListener("click", function () { if (soundOn()) wakeAudio(); });
  }

  function drawBoard() {
    Object.keys(cells).forEach(function (key) {
      var g = cells[key];
      g.querySelector("polygon").setAttribute("fill", EMPTY);
      g.querySelector("text").textContent = "";
      g.classList.remove("legal", "chosen", "last", "filled");
      g.removeAttribute("tabindex");
      g.removeAttribute("role");
    });
    var last = null;
    state.events.forEach(function (e) {
      if (e.type !== "place") return;
      [0, 1].forEach(function (i) {
        var g = cells[e.cells[i].join(",")];
        if (!g) return;
        var letter = e.tile[i];
        g.querySelector("polygon").setAttribute("fill", FILL[letter]);
        var text = g.querySelector("text");
        text.textContent = letter;
        text.setAttribute("fill", INK[letter]);
        g.classList.add("filled");
      });
      last = e;
    });
    if (last) last.cells.forEach(function (c) { var g = cells[c.join(",")]; if (g) g.classList.add("last"); });
    markLegal();
  }

  function legalCells() {
    var result = {};
    if (!state || !chosen || !state.legal_pairs) return result;
    state.legal_pairs.forEach(function (pair) {
      var a = pair[0].join(","), b = pair[1].join(",");
      if (firstCell === null) { result[a] = true; result[b] = true; }
      else if (a === firstCell) result[b] = true;
      else if (b === firstCell) result[a] = true;
    });
    return result;
  }

  function markLegal() {
    var legal = legalCells();
    Object.keys(cells).forEach(function (key) {
      var g = cells[key];
      var on = !!legal[key];
      g.classList.toggle("legal", on);
      g.classList.toggle("chosen", key === firstCell);
      if (on || key === firstCell) { g.setAttribute("tabindex", "0"); g.setAttribute("role", "button"); }
      else { g.removeAttribute("tabindex"); g.removeAttribute("role"); }
    });
  }

  function drawPlayers() {
    root.querySelectorAll(".player").forEach(function (section) {
      var p = Number(section.dataset.player);
      var scores = state.scores[p];
      var lowest = Math.min.apply(null, scores);
      section.querySelectorAll(".track li").forEach(function (li) {
        var c = Number(li.dataset.colour);
        li.querySelector(".value").textContent = scores[c];
        li.classList.toggle("lowest", scores[c] === lowest);
      });
      section.querySelector(".rack-size").textContent = state.rack_sizes[p];
      section.classList.toggle("on-turn", state.turn === p && state.status === "playing");
      section.classList.toggle("flagged", state.flagged[p]);
    });
    tick();
  }

  function drawRack() {
    var rack = $("rack");
    if (!rack) return;
    rack.textContent = "";
    var myTurn = state.turn === seat && state.status === "playing" && state.stage !== "decide";
    (state.rack || []).forEach(function (tile, index) {
      var shown = chosen && chosen.index === index ? chosen.tile : tile;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "tile";
      button.setAttribute("role", "option");
      button.setAttribute("aria-selected", chosen && chosen.index === index ? "true" : "false");
      button.setAttribute("aria-label", "Tile " + shown[0] + " " + shown[1]);
      button.disabled = !myTurn;
      [0, 1].forEach(function (i) {
        var span = document.createElement("span");
        span.textContent = shown[i];
        span.style.background = FILL[shown[i]];
        span.style.color = INK[shown[i]];
        button.appendChild(span);
      });
      button.addEventListener("click", function () { choose(index, tile); });
      rack.appendChild(button);
    });
    $("turn-tile").disabled = !chosen;
    $("swap").hidden = !state.may_swap;
    $("end-turn").hidden = !(state.turn === seat && state.stage === "decide" && state.status === "playing");
  }

  function describe(e) {
    var who = names()[e.player];
    if (e.type === "place") {
      var gain = e.gain ? Object.keys(e.gain).map(function (c) { return c + "+" + e.gain[c]; }).join(" ") : "no points";
      return who + ": " + e.tile + " on [" + e.cells[0].join(",") + "] [" + e.cells[1].join(",") + "], " + gain;
    }
    if (e.type === "draw") return who + " drew " + (e.tiles ? e.tiles.join(" ") : e.count === 1 ? "a tile" : e.count + " tiles");
    if (e.type === "swap") return who + " swapped, showing " + e.rack.join(" ");
    if (e.type === "flag") return who + " ran out of time";
    if (e.type === "end") return "The game is over";
    return e.type;
  }

  function drawMoves() {
    var list = $("moves");
    list.textContent = "";
    state.events.forEach(function (e) {
      var li = document.createElement("li");
      li.textContent = describe(e);
      list.appendChild(li);
    });
  }

  function statusText() {
    var n = names();
    if (state.status === "waiting") return "The game starts in " + clockText(state.starts_at_ms - serverNow());
    if (state.status === "paused") {  // with the arbiter's reason (the view's "pause")
      return "The game is paused by the arbiter" + (state.pause && state.pause.reason ? ": " + state.pause.reason : "") + ".";
    }
    if (state.status === "finished") {
      var o = state.outcome;
      if (o.decided) return "The game was ended by the arbiter's decision.";
      if (o.forfeit) return o.winner === null ? "Neither player played: both lose." : n[o.winner] + " wins by forfeit.";
      return "Game over: " + (o.winner === null ? "a draw." : n[o.winner] + " wins.");
    }
    if (state.turn === seat) {
      if (state.stage === "decide") return state.may_swap ? "Swap your rack, or end your turn." : "End your turn.";
      if (state.stage === "bonus") return "Bonus placement: place another tile.";
      return chosen ? (firstCell ? "Choose the second cell." : "Choose where the first colour goes.") : "Your turn: choose a tile.";
    }
    return state.turn === null ? "" : n[state.turn] + " is playing.";
  }

  function drawStatus() {
    var status = $("status");
    status.textContent = statusText();
    var mine = state.status === "playing" && state.turn === seat;
    status.classList.toggle("mine", mine);
    document.title = (mine ? "● Your turn – " : state.status === "finished" ? "Game over – " : "") + baseTitle;
    if (mine && wasMine === false && seat !== null && soundOn()) beep(); // the turn has just passed to the player
    wasMine = mine;
  }
  var wasMine = null; // null until the first message: opening the page on one's turn makes no sound

  // The running clock counts down between messages, from the server's reading; the server decides the flag.
  function serverNow() { return state.now_ms + (performance.now() - receivedAt); }
  function tick() {
    if (!state) return;
    root.querySelectorAll(".player").forEach(function (section) {
      var p = Number(section.dataset.player);
      var left = state.clocks_ms[p];
      if (state.status === "playing" && state.turn === p) left -= performance.now() - receivedAt;
      section.querySelector(".clock").textContent = clockText(left);
    });
    if (state.status === "waiting") $("status").textContent = statusText();
  }
  setInterval(tick, 250);

  // -- choosing and sending ------------------------------------------------------------------
  function choose(index, tile) {
    if (chosen && chosen.index === index) { turnTile(); return; }
    chosen = { index: index, tile: tile };
    firstCell = null;
    refusal("");
    drawRack();
    markLegal();
    drawStatus();
  }

  function turnTile() {
    if (!chosen) return;
    chosen.tile = chosen.tile[1] + chosen.tile[0];
    drawRack();
    drawStatus();
  }

  function pick(key) {
    if (!chosen || !state || state.turn !== seat) return;
    var legal = legalCells();
    if (key === firstCell) { firstCell = null; markLegal(); drawStatus(); return; }
    if (!legal[key]) return;
    if (firstCell === null) { firstCell = key; markLegal(); drawStatus(); return; }
    var a = firstCell.split(",").map(Number), b = key.split(",").map(Number);
    send({ action: "place", tile: chosen.tile, cells: [a, b] });
    chosen = null;
    firstCell = null;
  }

  Object.keys(cells).forEach(function (key) {
    var g = cells[key];
    g.addEventListener("click", function () { pick(key); });
    g.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pick(key); }
    });
  });
  document.addEventListener("keydown", function (event) {
    if ((event.key === "t" || event.key === "T") && chosen && !event.ctrlKey && !event.metaKey) turnTile();
    if (event.key === "Escape") { chosen = null; firstCell = null; if (state) { drawRack(); markLegal(); drawStatus(); } }
  });
  if ($("turn-tile")) {
    $("turn-tile").addEventListener("click", turnTile);
    $("swap").addEventListener("click", function () { send({ action: "swap" }); });
    $("end-turn").addEventListener("click", function () { send({ action: "end_turn" }); });
  }

  function refusal(text) { var p = $("refusal"); if (p) p.textContent = text; }

  function send(move) {
    if (!state) return;
    move.seq = state.seq;
    move.client_id = clientId();
    refusal("");
    if (socket && socket.readyState === WebSocket.OPEN) {
      move.type = "move";
      socket.send(JSON.stringify(move));
      return;
    }
    fetch(root.dataset.move, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(move) })
      .then(function (response) { return response.json(); })
      .then(answer)
      .catch(function () { refusal("The move could not be sent: check your connection and try again."); });
  }

  function answer(message) {
    if (message.type === "ping") { socket.send(JSON.stringify({ type: "pong", t: message.t })); return; }
    if (message.error) refusal(message.error.message);
    if (message.seq !== undefined) show(message);
  }

  function resync() {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "sync" }));
    else poll();
  }

  // -- the connection: a WebSocket, reconnected; plain HTTP polling while it is down ----------
  function poll() {
    fetch(root.dataset.state, { cache: "no-store" }).then(function (r) { return r.json(); }).then(show).catch(function () {});
  }
  function startPolling() { if (!polling) { poll(); polling = setInterval(poll, 2000); } }
  function stopPolling() { if (polling) { clearInterval(polling); polling = null; } }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    try { socket = new WebSocket(scheme + location.host + root.dataset.socket); }
    catch (e) { startPolling(); return; }
    socket.onopen = function () { retry = 0; stopPolling(); };
    socket.onmessage = function (event) { answer(JSON.parse(event.data)); };
    socket.onclose = function () {
      socket = null;
      startPolling();
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 500 * retry);
    };
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "sync" }));
  });
  poll();
  connect();
})();
