/* A box marked data-select-on-click selects its whole text when clicked, ready to copy (the players' links page). */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    if (event.target.matches && event.target.matches("[data-select-on-click]")) { event.target.select(); }
  });
})();
