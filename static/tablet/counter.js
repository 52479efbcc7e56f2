/* tenbo 点棒 — the counter: the player list filters as staff type a name or a member number. */
(function () {
  "use strict";
  var input = document.querySelector("[data-filter]");
  var list = document.getElementById("counter-list");
  if (!input || !list) return;
  var rows = Array.prototype.slice.call(list.querySelectorAll(".counter-row"));
  var none = document.getElementById("counter-none");

  function filter() {
    var query = input.value.trim().toLowerCase();
    var shown = 0;
    rows.forEach(function (row) {
      var name = (row.dataset.player || "").toLowerCase();
      var number = row.dataset.number || "";
      var match = !query || name.indexOf(query) >= 0 || number.indexOf(query) >= 0;
      row.hidden = !match;
      if (match) shown += 1;
    });
    if (none) none.hidden = shown > 0;
  }
  input.addEventListener("input", filter);
  filter();
  document.body.dataset.ready = "true";
})();
