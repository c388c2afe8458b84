/* "Find your name" on the public pairings (templates/tournament/pairings.html): shows only the names typed. */
(function () {
  "use strict";
  /* What is typed, read as the site compares names (tournament/domain/names.py, name_key, which wrote each line's
     data-name): no accents ("zoe orsted" finds Zoë Ørsted), case aside, one space between words; the letters
     Unicode does not decompose (ø, ł...) come from the same table (the page's "plain-letters"). */
  var table = document.getElementById("plain-letters");
  var LETTERS = table ? JSON.parse(table.textContent) : {};
  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .replace(/./gu, function (c) { return LETTERS[c] || c; }).toLowerCase().replace(/\s+/g, " ").trim();
  }
  function filter(event) {
    var box = event.target;
    if (!box.matches || !box.matches("[data-filter]")) { return; }
    var wanted = fold(box.value), shown = 0;
    document.querySelectorAll(".by-name li").forEach(function (item) {
      var hit = !wanted || item.dataset.name.indexOf(wanted) >= 0;
      item.hidden = !hit;
      shown += hit ? 1 : 0;
    });
    document.getElementById("no-match").hidden = shown > 0;
  }
  document.addEventListener("input", filter);
})();
