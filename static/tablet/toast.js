/* tenbo 点棒 — after 確定: a confirmation that the hand is recorded, with each player's new
 * score and change, read from the seats before and after the server's new state. It stays a
 * few seconds (longer than a glance across the table); taps go through it to the pad, so the
 * next hand can be entered at once.
 */
(function (tenbo) {
  "use strict";
  var dom = tenbo.dom, $ = dom.$;
  var SHOWN_MS = 6000;
  var timer = null;

  // {seat: {name, wind, score}} as the seats show them now.
  function scores() {
    var out = {};
    dom.$$(".seat[data-seat]").forEach(function (el) {
      out[el.dataset.seat] = {
        name: el.dataset.name,
        wind: dom.$(".wind", el).textContent,
        score: Number(dom.$("[data-score]", el).dataset.score)
      };
    });
    return out;
  }

  function signed(n) { return n > 0 ? "+" + n.toLocaleString("en-US") : n.toLocaleString("en-US"); }

  function hide() {
    clearTimeout(timer);
    var toast = $("#toast");
    if (toast) toast.hidden = true;
  }

  function recorded(sequence, before) {
    var toast = $("#toast"), T = tenbo.app.T;
    if (!toast) return;
    var after = scores();
    $("[data-toast-title]", toast).textContent = dom.fmt(T.recorded, { number: sequence });
    var list = $("[data-toast-scores]", toast);
    list.innerHTML = "";
    Object.keys(after).forEach(function (seat) {
      var now = after[seat], change = before[seat] ? now.score - before[seat].score : 0;
      var li = document.createElement("li");
      li.dataset.toastSeat = seat;
      li.dataset.toastScore = String(now.score);
      li.dataset.toastChange = String(change);
      [["toast-wind", now.wind], ["toast-name", now.name], ["toast-score", now.score.toLocaleString("en-US")],
       ["toast-change " + (change > 0 ? "gain" : change < 0 ? "loss" : ""), change ? signed(change) : "±0"]]
        .forEach(function (part) {
          var span = document.createElement("span");
          span.className = part[0];
          span.textContent = part[1];
          li.appendChild(span);
        });
      list.appendChild(li);
    });
    toast.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(hide, SHOWN_MS);
  }

  tenbo.toast = { scores: scores, recorded: recorded, hide: hide };
})(window.tenbo = window.tenbo || {});
