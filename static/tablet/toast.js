/* tenbo 点棒 — after 確定: a confirmation that the hand is recorded, with each player's new
 * score and change, read from the seats before and after the server's new state. It stays a
 * few seconds (longer than a glance across the table), in the check where the next hand's
 * payments go, covering nothing; the next hand, once complete, takes its place. A chombo penalty taken at the end of the game moves no
 * points now: a seat whose penalty changed says so beside its ±0.
 */
(function (tenbo) {
  "use strict";
  var dom = tenbo.dom, $ = dom.$;
  var SHOWN_MS = 6000;
  var timer = null;

  // {seat: {name, wind, score, deduction, deductionText}} as the seats show them now.
  function scores() {
    var out = {};
    dom.$$(".seat[data-seat]").forEach(function (el) {
      var penalty = dom.$("[data-deduction]", el);
      out[el.dataset.seat] = {
        name: el.dataset.name,
        wind: dom.$(".wind", el).textContent,
        score: Number(dom.$("[data-score]", el).dataset.score),
        deduction: penalty ? Number(penalty.dataset.deduction) : 0,
        deductionText: penalty ? penalty.dataset.deductionText : ""
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
      var owed = before[seat] ? now.deduction - before[seat].deduction : 0;
      if (owed) {
        // What the seat owes at the end now, in the ruleset's unit, as the seat shows it.
        var penalty = document.createElement("span");
        penalty.className = "toast-penalty";
        penalty.dataset.toastPenalty = String(owed);
        penalty.textContent = dom.fmt(now.deduction > 0 ? T.penalty_share_at_end : T.penalty_at_end,
                                      { amount: now.deductionText });
        li.appendChild(penalty);
      }
      list.appendChild(li);
    });
    toast.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(hide, SHOWN_MS);
  }

  tenbo.toast = { scores: scores, recorded: recorded, hide: hide };
})(window.tenbo = window.tenbo || {});
