/* tenbo 点棒 — player search at the counter and the game start: as staff type a name, kana or
   member number, the server's search (the same as the plain form's) picks the rows to show.
   Players already picked for the game stay in sight; a pick clears the search. Without this script the form is a GET. */
(function () {
  "use strict";
  var input = document.querySelector("[data-player-search]");
  var list = input && document.getElementById(input.dataset.list);
  if (!input || !list) return;
  var items = Array.prototype.slice.call(list.querySelectorAll("[data-player-id]"));
  var none = document.getElementById("player-none");
  var timer = null;
  var asked = 0;

  function show(found, query) {
    var shown = 0;
    items.forEach(function (item) {
      var box = item.querySelector('input[type="checkbox"]');
      var keep = !query || found[item.dataset.playerId] === true || (box !== null && box.checked);
      item.hidden = !keep;
      if (keep) shown += 1;
    });
    if (none) none.hidden = shown > 0;
    list.dataset.searched = query;
  }

  function search() {
    var query = input.value.trim();
    var mine = ++asked;
    if (!query) { show({}, ""); return; }
    fetch(input.dataset.playerSearch + "?q=" + encodeURIComponent(query), {
      credentials: "same-origin",
      headers: { Accept: "application/json" }
    })
      .then(function (response) { return response.json(); })
      .then(function (data) {
        if (mine !== asked) return; // an older answer after a newer one: drop it
        var found = {};
        data.players.forEach(function (player) { found[player.id] = true; });
        show(found, query);
      })
      .catch(function () { input.form.submit(); }); // offline: the plain form still works
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(search, 150);
  });
  // At the game start, a pick clears the search and leaves the cursor there for the next name:
  // the player picked stays in sight, and so does everyone else again (issue 30).
  list.addEventListener("change", function (event) {
    if (event.target.type !== "checkbox" || !input.value) return;
    clearTimeout(timer);
    asked++; // an answer still on its way is for the text just cleared
    input.value = "";
    show({}, "");
    input.focus();
  });
  input.form.addEventListener("submit", function (event) {
    event.preventDefault(); // the picks made so far stay on the page
    clearTimeout(timer);
    search();
  });
  document.body.dataset.ready = "true";
})();
