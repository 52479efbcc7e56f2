/* tenbo 点棒 — the header's undo (取消): it names the hand it undoes, with a key of its own.
 *
 * The form (templates/tablet/game.html) is drawn with the last hand's number and a fresh
 * Idempotency-Key, so the same form sent twice (a double tap, the browser's resend) undoes
 * that hand once, and never the hand before it. Hands recorded since without a reload (the
 * offline queue) make another hand the last: sync() names it, with a new key, since undoing
 * it is another request.
 */
(function (tenbo) {
  "use strict";
  var dom = tenbo.dom, $ = dom.$;

  function sync() {
    var form = $("[data-undo-form]"), state = document.getElementById("game-state");
    if (!form || !state) return;
    var last = Number(state.dataset.sequence) - 1;
    // The end menu's word on a game with no hand yet goes with its first hand.
    var empty = $("[data-finish-empty]");
    if (empty) empty.hidden = last >= 1;
    var sequence = form.elements.namedItem("sequence");
    if (Number(sequence.value) === last) return;
    sequence.value = String(last);
    form.elements.namedItem("idempotency_key").value = dom.newKey();
    $("[data-confirm='undo']", form).textContent = dom.fmt(tenbo.app.T.undo_hand, { number: last });
    form.closest("details").hidden = last < 1;
  }

  tenbo.undo = { sync: sync };
})(window.tenbo = window.tenbo || {});
