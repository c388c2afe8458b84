/* A finished room's box of the player's next game (docs/online-play.md, the socket's "next" message; loaded after
   tournament/static/tournament/countdown.js, before room.js): the next round's game with its countdown and a link to
   it, or what happens before it exists, or that the tournament is finished. Every name and word the server sends is
   set as text, never as markup.

   IngeniousNext.box(section) -> {show(message)}: show draws the message and answers the words the live region is to
   say, or "" when nothing changed since the last message (the countdown itself is never announced). */
(function () {
  "use strict";
  var Countdown = window.IngeniousCountdown;

  function make(tag, text, attrs) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    return node;
  }
  function line() {
    var p = make("p");
    Array.prototype.forEach.call(arguments, function (part) {
      p.appendChild(typeof part === "string" ? document.createTextNode(part) : part);
    });
    return p;
  }
  function link(text, href, primary) { return make("a", text, { href: href, class: primary ? "next-link primary" : "next-link" }); }

  function comeBack(m) {
    return line("To play again, press \u201cI\u2019m back\u201d on ", link("your private page", m.private_url),
                " before the next round is paired.");
  }

  /* The box's lines for the message, and the sentence the live region says. */
  function lines(m) {
    var n = m.round;
    if (m.state === "paired") {
      var game = "Round " + n + ", table " + m.table + ": you play " + (m.plays_first ? "first" : "second") +
                 " against " + m.opponent + ".";
      var out = [line(game)], said = "Your next game: " + game;
      if (m.starts_at_ms) {
        var at = Countdown.at(m.starts_at_ms, document.getElementById("room").dataset.zone);
        var count = make("strong", "", { "data-starts-ms": String(m.starts_at_ms), "data-now-ms": String(m.now_ms) });
        out.push(line("It starts in ", count, " (at " + at + ")."));
        said += " It starts at " + at + ".";
      }
      out.push(m.online ? line(link("Open your next game", m.play_url, true))
                        : line("It is played at the tables: table " + m.table + ". ", link("Your private page", m.private_url)));
      return { lines: out, said: said };
    }
    if (m.state === "none" || m.state === "withdrawn") {
      var why = m.words || "You are withdrawn: you are not paired in the rounds to come.";
      return { lines: [line(why)].concat(m.may_come_back ? [comeBack(m)] : []), said: why };
    }
    if (m.state === "waiting" && m.starts_at_ms) {  // the break: the next round's start is known
      var starts = new Date(m.starts_at_ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
      var counting = make("strong", "", { "data-starts-ms": String(m.starts_at_ms), "data-now-ms": String(m.now_ms) });
      var next = "Round " + n + " starts at " + starts + ".";
      return { lines: [line("Round " + n + " starts in ", counting, " (at " + starts + ")."),
                       line("Your game shows here as soon as it is published: no need to reload.")], said: next };
    }
    if (m.state === "waiting") {
      var wait = "Round " + n + " will be paired when the last game of round " + (n - 1) + " ends; it starts " +
                 (m.break_s ? Countdown.words(m.break_s) + " after that." : "at once.");
      return { lines: [line(wait), line("Your game shows here as soon as it is published: no need to reload.")],
               said: wait };
    }
    if (m.state === "organiser") {
      var when = "The organiser will publish round " + n + ".";
      return { lines: [line(when + " Your game shows here as soon as it is: no need to reload.")], said: when };
    }
    if (m.state === "last") {
      var last = "Round " + n + " was the last round: the tournament is finished once its last game ends.";
      return { lines: [line(last, " ", link("Standings", m.standings_url))], said: last };
    }
    var done = "The tournament is finished.";  // "finished"
    return { lines: [line(done + " ", link("Final standings", m.standings_url, true))], said: done };
  }

  function box(section) {
    var shown = "";
    return {
      show: function (m) {
        if (!section) return "";
        var key = JSON.stringify(Object.assign({}, m, { now_ms: 0 }));
        if (key === shown) return "";
        shown = key;
        var drawn = lines(m), body = section.querySelector(".next-body");
        body.textContent = "";
        drawn.lines.forEach(function (p) { body.appendChild(p); });
        var count = body.querySelector("[data-starts-ms]");
        if (count) Countdown.start(count);
        section.querySelector("h2").textContent = m.state === "paired" ? "Your next game" : "What comes next";
        section.dataset.state = m.state;
        section.hidden = false;
        return drawn.said;
      },
    };
  }
  window.IngeniousNext = { box: box };
})();
