/* tenbo 点棒 — game start: players are seated in the order they are tapped. */
(function () {
  "use strict";
  var form = document.getElementById("start-form");
  if (!form) return;
  var order = [];
  var boxes = Array.prototype.slice.call(form.querySelectorAll('input[name="players"]'));

  function render() {
    boxes.forEach(function (box) {
      var at = order.indexOf(box);
      box.checked = at >= 0;
      box.closest(".player-pick").querySelector(".order").textContent = at >= 0 ? String(at + 1) : "";
      box.closest(".player-pick").classList.toggle("is-picked", at >= 0);
    });
    warn();
  }
  var notice = document.getElementById("not-checked-in");
  var seatButtons = Array.prototype.slice.call(form.querySelectorAll("[data-seating]"));

  function pick(box) { return box.closest(".player-pick"); }

  var reason = document.getElementById("start-reason");
  var counts = (form.dataset.playerCounts || form.dataset.playerCount || "4")
    .split(",").map(Number).filter(function (n) { return n > 0; });

  function names(picked) {
    var list = picked.map(function (box) { return pick(box).dataset.player; });
    return list.join(document.documentElement.lang === "ja" ? "、" : ", ");
  }

  // Why the seat buttons are off, or "" when they are on: the number picked first, then a
  // player who is not checked in at a table that plays for money.
  function why(missing) {
    var fewest = Math.min.apply(null, counts), most = Math.max.apply(null, counts);
    if (order.length < fewest) {
      var more = fewest - order.length;
      return more === 1 ? reason.dataset.moreOne : reason.dataset.more.replace("%(more)s", String(more));
    }
    if (order.length > most) {
      return reason.dataset.tooMany.replace("%(most)s", String(most)).replace("%(picked)s", String(order.length));
    }
    var out = missing.filter(function (box) { return !isOver(box); });
    if (out.length) return reason.dataset.notIn.replace("%(names)s", names(out));
    if (missing.length) return reason.dataset.over.replace("%(names)s", names(missing));
    return "";
  }

  // A player whose ラス半 is over is still checked in: they go to the counter to check out,
  // never to a check-in.
  function isOver(box) {
    var state = pick(box).querySelector("[data-visit-state]");
    return !!state && state.dataset.visitState === "over";
  }

  function warn() {
    // At a table that plays for money, a player who is not checked in cannot sit down: say so
    // before the tap on the seats, where staff can check them in with one tap.
    var missing = order.filter(function (box) { return pick(box).dataset.canPlay === "false"; });
    if (notice) {
      var out = missing.filter(function (box) { return !isOver(box); });
      var over = missing.filter(isOver);
      var words = [];
      if (out.length) words.push(notice.dataset.text.replace("%(names)s", names(out)));
      if (over.length) words.push(notice.dataset.textOver.replace("%(names)s", names(over)));
      notice.textContent = words.join(" ");
      notice.hidden = missing.length === 0;
    }
    // A button that is off says why beside it, never a silent grey button (issue 25).
    var text = why(missing);
    reason.textContent = text;
    reason.hidden = text === "";
    seatButtons.forEach(function (button) { button.disabled = text !== ""; });
  }

  boxes
    .filter(function (box) { return box.hasAttribute("data-seated"); })
    .sort(function (a, b) {
      return (Number(a.getAttribute("data-seated")) || 0) - (Number(b.getAttribute("data-seated")) || 0);
    })
    .forEach(function (box) { order.push(box); });
  boxes.forEach(function (box) {
    box.addEventListener("change", function () {
      var at = order.indexOf(box);
      if (at >= 0) order.splice(at, 1); else order.push(box);
      render();
    });
  });
  form.addEventListener("submit", function () {
    // Post the players in the order tapped: the form's own order is the list's.
    boxes.forEach(function (box) { box.disabled = true; });
    order.forEach(function (box) {
      var hidden = document.createElement("input");
      hidden.type = "hidden";
      hidden.name = "players";
      hidden.value = box.value;
      form.appendChild(hidden);
    });
  });
  render();
  document.body.dataset.ready = "true";
})();
