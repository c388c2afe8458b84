/* "Find your name" on the public pairings (templates/tournament/pairings.html): shows only the names typed. */
(function () {
  "use strict";
  /* A name as a phone types it: no accents ("zoe orsted" finds Zoë Ørsted), one space between words. */
  var LETTERS = {"ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ł": "l", "þ": "th", "ı": "i"};
  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[øæœßđłþı]/g, function (c) { return LETTERS[c]; }).replace(/\s+/g, " ").trim();
  }
  function filter(event) {
    var box = event.target;
    if (!box.matches || !box.matches("[data-filter]")) { return; }
    var wanted = fold(box.value), shown = 0;
    document.querySelectorAll(".by-name li").forEach(function (item) {
      var hit = !wanted || fold(item.dataset.name).indexOf(wanted) >= 0;
      item.hidden = !hit;
      shown += hit ? 1 : 0;
    });
    document.getElementById("no-match").hidden = shown > 0;
  }
  document.addEventListener("input", filter);
})();
