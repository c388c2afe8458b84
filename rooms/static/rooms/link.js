/* The room's connection to the server (loaded before room.js): a WebSocket, opened again when it closes, plain HTTP
   polling while it is down, and the one move on its way, sent again with the same client id until the server has
   answered it (the server applies a client id once: docs/online-play.md, "Nothing lost").

   IngeniousLink.open(root, handlers) -> {send(move), resync()}; handlers: message(m) for each view or refusal,
   state(words, kind) for the connection's state as the player should read it ("" when all is well), and
   pending(move|null) when a move starts or stops being on its way.

   The socket's application close codes: 4409 the round was taken back (the page opens the player's game again),
   4410 the link was replaced (said, never reopened), 4429 too many messages
   (reopened after a pause), 4503 the server had a hiccup (reopened at once, the move sent again); any other close
   is reopened with a growing pause.

   A lost connection is said at once (handlers.state, "lost"): when the browser goes offline, when a read over HTTP
   fails, and when a seat's socket has been silent for `SILENT_MS` (the server pings a seat every 5 s: a socket that
   looks open on a dead network is closed, so that nothing it held back arrives late).  Every message that comes
   after it carries the server's clocks (the page sets its clocks from each), and the first says the connection is
   back (state "", "ok"). */
(function () {
  "use strict";
  function open(root, handlers) {
    var socket = null, retry = 0, polling = null, pending = null, closedForGood = false, count = 0;
    var seat = root.dataset.seat, heardAt = Date.now(), SILENT_MS = 8000;  // a ping (every 5 s) 3 s late: not a busy server, a dead line

    function clientId() {
      count += 1;
      return (seat === "" ? "s" : "p" + seat) + "-" + Date.now().toString(36) + "-" + count;
    }
    function socketOpen() { return socket && socket.readyState === WebSocket.OPEN; }

    function setPending(move) {
      pending = move;
      handlers.pending(move);
    }

    function transmit() {
      if (!pending) return;
      if (socketOpen()) {
        socket.send(JSON.stringify(Object.assign({ type: "move" }, pending)));
        // A socket can look open while the network is gone: no answer in 4 s, open a new one (the move goes again).
        var sent = pending, watched = socket;
        setTimeout(function () { if (pending === sent && socket === watched && socketOpen()) socket.close(); }, 4000);
        return;
      }
      var move = pending;
      fetch(root.dataset.move, { method: "POST", headers: { "Content-Type": "application/json" },
                                 body: JSON.stringify(move) })
        .then(function (response) {
          if (response.status === 410) { replaced(); throw new Error("replaced"); }
          return response.json();
        })
        .then(receive)
        .catch(lost); // no answer: the move stays on its way and goes again, same client id, when the connection is back
    }

    /* A move (action, tile, cells, seq): it goes once, and again with the same client id until answered. */
    function send(move) {
      move.client_id = clientId();
      setPending(move);
      transmit();
    }

    function receive(message) {
      heardAt = Date.now();
      if (message.type === "ping") {
        // The server times the round trip itself: echo its ping's id, nothing about time.
        if (socketOpen()) socket.send(JSON.stringify({ type: "pong", id: message.id }));
        return;
      }
      if (message.type === "closed") return;  // the close code that follows says what to do
      if (message.error && message.error.code === "too-many") {
        // Past the socket's budget of messages: the same move again in a moment.
        handlers.state("Sending your move again in a moment…", "busy");
        setTimeout(transmit, 1500);
        return;
      }
      if (message.error && message.error.code === "retry") {
        // The server could not take it just now: the same move again once the connection is sound.
        handlers.state("The server asked for your move again: sending it.", "busy");
        setTimeout(transmit, 1000);
        if (message.seq !== undefined) handlers.message(Object.assign({}, message, { error: undefined }));
        return;
      }
      if (pending && (message.error || (message.seq !== undefined && message.seq > pending.seq))) setPending(null);
      if (!closedForGood) handlers.state("", "ok");
      handlers.message(message);
    }

    /* No answer from the server: said, with the move waiting if there is one. */
    function lost() {
      if (closedForGood) return;
      handlers.state(pending ? "Connection lost: your move is waiting, and is sent as soon as the connection is back. The clocks run on."
                             : "Connection lost: trying to reconnect… The clocks run on.", "lost");
    }

    function poll() {
      return fetch(root.dataset.state, { cache: "no-store" })
        .then(function (r) {
          if (r.status === 410) { replaced(); throw new Error("replaced"); }
          if (!r.ok) throw new Error(String(r.status));
          return r.json();
        })
        .then(function (message) {
          receive(message);
          if (pending && pending.seq === message.seq) transmit(); // it never arrived: again, same client id
        })
        .catch(function () { if (!socketOpen()) lost(); });
    }
    // Every 2 s while the socket is down (a test may ask for less, before the page loads: window.ingeniousPollMs).
    var pollEvery = window.ingeniousPollMs || 2000;
    function replaced() {
      closedForGood = true;
      stopPolling();
      setPending(null);
      handlers.state("This link was replaced: ask the organiser for your new one.", "replaced");
    }
    function startPolling() { if (!polling && !closedForGood) { poll(); polling = setInterval(poll, pollEvery); } }
    function stopPolling() { if (polling) { clearInterval(polling); polling = null; } }

    function connect() {
      if (closedForGood) return;
      var scheme = location.protocol === "https:" ? "wss://" : "ws://";
      try { socket = new WebSocket(scheme + location.host + root.dataset.socket); }
      catch (e) { socket = null; startPolling(); return; }
      socket.onopen = function () {
        retry = 0;
        heardAt = Date.now();
        stopPolling();
        handlers.state("", "ok");
      };
      socket.onmessage = function (event) {
        var message = JSON.parse(event.data);
        receive(message);
        // The view a new socket is greeted with: a move still on its way since before it goes again.
        if (pending && message.type === "room" && message.seq === pending.seq) transmit();
      };
      socket.onclose = function (event) {
        socket = null;
        if (event.code === 4410) { replaced(); return; }
        if (event.code === 4409) {
          // The arbiter took the round back: the private link's page opens whatever game the player has now.
          closedForGood = true;
          stopPolling();
          handlers.state("The arbiter took this round back: opening your game again…", "lost");
          setTimeout(function () { location.reload(); }, 3000);
          return;
        }
        startPolling();
        var pause;
        if (event.code === 4429) pause = 10000;
        else if (event.code === 4503) pause = 300;
        else { retry = Math.min(retry + 1, 6); pause = 500 * retry; }
        if (event.code === 4429) handlers.state("Too many messages: the page waits 10 s and connects again.", "lost");
        if (event.code === 4503) handlers.state("The server had a hiccup: connecting again.", "lost");
        setTimeout(connect, pause);
      };
    }

    function resync() {
      if (socketOpen()) socket.send(JSON.stringify({ type: "sync" }));
      else poll();
    }

    document.addEventListener("visibilitychange", function () {
      if (!document.hidden && socketOpen()) socket.send(JSON.stringify({ type: "sync" }));
    });
    window.addEventListener("online", function () { if (!socketOpen()) { retry = 0; poll(); } });
    window.addEventListener("offline", function () {
      lost();
      if (socket) socket.close();  // reopened (and read over HTTP meanwhile) by its onclose
      startPolling();
    });
    // A seat's socket silent for `SILENT_MS` is dead, whatever it looks like.
    setInterval(function () {
      if (seat !== "" && socketOpen() && Date.now() - heardAt > SILENT_MS) { lost(); socket.close(); startPolling(); }
    }, 1000);
    poll();
    connect();
    return { send: send, resync: resync, pending: function () { return pending; } };
  }
  window.IngeniousLink = { open: open };
})();
