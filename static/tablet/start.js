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
  }
  boxes.forEach(function (box) {
    if (box.hasAttribute("data-seated")) order.push(box);
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
