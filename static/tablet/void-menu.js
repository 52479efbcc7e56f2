/* tenbo 点棒 — the header's void (無効): the manager's fields on first open, whatever the page.
 *
 * A game page drawn before the first hand has no hands to protect, so its void form asks only
 * for a reason; the manager's fields wait in a <template>, unnamed (templates/tablet/_void_form.html).
 * Hands recorded since without a reload (the offline queue) make a manager's confirmation
 * needed: sync() puts the fields in the form then, so the void asks for them in the same menu
 * instead of sending the staff to a second page.
 */
(function (tenbo) {
  "use strict";
  var $ = tenbo.dom.$;

  function sync() {
    var waiting = $("template[data-void-manager]"), state = document.getElementById("game-state");
    if (!waiting || !state) return;
    var form = waiting.closest("form"), shown = $(".void-manager", form);
    var hasHands = Number(state.dataset.sequence) > 1;
    if (hasHands && !shown) {
      var fields = waiting.content.cloneNode(true);
      tenbo.dom.$$("[data-field]", fields).forEach(function (input) { input.name = input.dataset.field; });
      waiting.before(fields);
    }
    if (!hasHands && shown) shown.remove();
  }

  tenbo.voidMenu = { sync: sync };
})(window.tenbo = window.tenbo || {});
