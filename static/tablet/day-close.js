/* tenbo 点棒 — the close of the day (締め): as staff type the counts of each note and coin
   (and the float), the page adds them up and shows the difference from the expected drawer.
   The server adds them up again on 締め; without this script the Add up button does it. */
(function () {
  "use strict";
  var form = document.querySelector("[data-day-close-form]");
  if (!form) return;
  var paidIn = parseInt(form.dataset.paidIn, 10) || 0;
  var paidOut = parseInt(form.dataset.paidOut, 10) || 0;

  function count(input) {
    var text = (input.value || "").trim();
    return /^\d+$/.test(text) ? parseInt(text, 10) : 0;
  }

  function yen(n, signed) {
    var text = Math.abs(n).toLocaleString("en-US");
    if (n < 0) return "-" + text;
    return (signed ? "+" : "") + text;
  }

  function show(cell, value, signed) {
    cell.textContent = yen(value, signed);
    cell.setAttribute(cell.dataset.countedYen !== undefined ? "data-counted-yen"
      : cell.dataset.differenceYen !== undefined ? "data-difference-yen" : "data-expected-yen", String(value));
  }

  function update() {
    var counted = 0;
    form.querySelectorAll("[data-count]").forEach(function (input) {
      var each = parseInt(input.dataset.count, 10) * count(input);
      counted += each;
      var cell = form.querySelector('[data-subtotal="' + input.dataset.count + '"]');
      if (cell) cell.textContent = yen(each, false);
    });
    var expected = count(form.querySelector("[data-float]")) + paidIn - paidOut;
    show(form.querySelector("[data-expected-yen]"), expected, false);
    show(form.querySelector("[data-counted-yen]"), counted, false);
    show(form.querySelector("[data-difference-yen]"), counted - expected, true);
  }

  form.addEventListener("input", update);
})();
