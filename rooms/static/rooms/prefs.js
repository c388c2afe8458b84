/* What the player's browser remembers for the room (loaded before room.js), in its local storage: whether each
   placement waits for Confirm (on unless turned off) and whether the turn beeps (off unless turned on). */
(function () {
  "use strict";
  var SOUND_KEY = "ingenious-turn-sound", CONFIRM_KEY = "ingenious-confirm", audio = null;

  function read(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
  function soundOn() { return read(SOUND_KEY) === "on"; }
  function confirmOn() { return read(CONFIRM_KEY) !== "off"; }

  function wakeAudio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) audio = new Context();
    if (audio && audio.state === "suspended") audio.resume();
  }

  /* A short beep, if the browser has let the page make a sound. */
  function beep() {
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

  function remembered(box, key, on) {
    if (!box) return;
    box.checked = on();
    box.addEventListener("change", function () {
      try { localStorage.setItem(key, box.checked ? "on" : "off"); } catch (e) { /* a private window */ }
      if (key === SOUND_KEY && box.checked) wakeAudio();
    });
  }

  /* The two boxes (either may be missing: a spectator has neither). */
  function wire(soundBox, confirmBox) {
    remembered(soundBox, SOUND_KEY, soundOn);
    remembered(confirmBox, CONFIRM_KEY, confirmOn);
    // A browser lets a page play sound only after the player has touched it: any click wakes the sound up.
    document.addEventListener("click", function () { if (soundOn()) wakeAudio(); });
  }

  window.IngeniousPrefs = { soundOn: soundOn, confirmOn: confirmOn, beep: beep, wire: wire };
})();
