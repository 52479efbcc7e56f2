/* tenbo 点棒 — the staff tablet's game and correction screens: wiring and start-up.
 *
 * The pad builds one hand in the tenbo-game/1 format from taps (pad.js, hand.js, seats.js,
 * value-grid.js); the server works out the payments before the hand counts (preview.js) and
 * records it through the offline queue (offline-queue.js). This file holds the screen's
 * shared state (window.tenbo.app), sends each tap to the module it belongs to, and saves a
 * correction. Plain browser scripts loaded in order (templates/tablet/_scripts.html): no
 * library, no build step.
 */
(function (tenbo) {
  "use strict";
  var dom = tenbo.dom, hand = tenbo.hand, pad = tenbo.pad, $ = dom.$;

  var root = document.getElementById("tablet");
  if (!root) return;

  function defaultSitOut() {
    var el = document.getElementById("game-state");
    var raw = el ? el.dataset.sitOut : "";
    return raw === "" || raw === undefined ? null : Number(raw);
  }

  var app = tenbo.app = {
    root: root,
    cfg: dom.json("pad-config"),
    T: dom.json("tablet-strings"),
    mode: root.dataset.mode,  // "record" or "correct"
    state: null,
    previewOk: false,
    offline: false,
    defaultSitOut: defaultSitOut
  };

  function resetPad() {
    app.state = hand.fresh(defaultSitOut());
    app.previewOk = false;
    tenbo.preview.clearErrors();
    tenbo.preview.clear();
    $("#stop-option").hidden = true;
    pad.render(app);
  }

  function confirmHand() {
    if (!hand.isComplete(app.state)) return;
    var entry = hand.buildEntry(app.state, app.cfg);
    if (app.mode === "correct") return confirmCorrection(entry);
    tenbo.queue.add(app, entry);
    resetPad();
  }

  // One key for this screen's correction, and the version of the hand the screen shows: a
  // resend after a lost answer gets the first answer; a hand changed since is refused.
  var correctionKey = dom.newKey();
  function confirmCorrection(entry) {
    var T = app.T, showError = tenbo.preview.showError;
    var reason = $("#reason").value.trim();
    if (!reason) {
      showError({ message: T.reason_required, area: "reason" });
      $("#reason").focus();
      return;
    }
    $("#confirm").disabled = true;
    var body = { hand: entry, reason: reason, version: Number(root.dataset.version) };
    dom.post(root.dataset.correctUrl, body, { "Idempotency-Key": correctionKey })
      .then(function (res) {
        if (res.data && res.data.ok) { window.location.assign(res.data.redirect); return; }
        showError((res.data && res.data.error) || { message: T.server_error, area: "general" });
        pad.render(app);
      }, function () {
        tenbo.queue.setOffline(true);
        showError({ message: T.offline_preview, area: "general" });
        pad.render(app);
      });
  }

  function chooseWinner(index) {
    app.state.active = index;
    app.state.editing = true;
    pad.render(app);
  }
  function chooseSitOut(seat) {
    app.state.sitOut = seat;
    tenbo.preview.changed();
  }
  function chooseChips(n) {
    var w = hand.activeWinner(app.state);
    if (w) w.chips = n;
    tenbo.preview.changed();
  }

  // ---- wiring: every tap on the screen goes to the module it belongs to ---------------------
  root.addEventListener("click", function (event) {
    var el = event.target.closest("button, [data-action]");
    if (!el || el.disabled) return;
    var d = el.dataset;
    if (d.rotate !== undefined) return tenbo.seats.rotate();
    if (d.seat !== undefined && el.classList.contains("seat")) return pad.tapSeat(app, Number(d.seat));
    if (d.riichi !== undefined) return pad.tapRiichi(app, Number(d.riichi));
    if (d.kind) return pad.tapKind(app, d.kind);
    if (el.classList.contains("cell")) return pad.tapValue(app, el);
    if (d.winnerIndex !== undefined) return chooseWinner(Number(d.winnerIndex));
    if (el.id === "add-winner") return pad.tapPick(app, "add");
    if (d.pick) return pad.tapPick(app, d.pick);
    if (d.penalty) return pad.tapPick(app, "penalty:" + d.penalty);
    if (d.removePenalty !== undefined) return pad.removePenalty(app, Number(d.removePenalty));
    if (d.compensationEdit !== undefined) return pad.editCompensation(app);
    if (d.removeCompensation !== undefined) return pad.removeCompensation(app);
    if (d.abortive) { app.state.reason = d.abortive; return tenbo.preview.changed(); }
    if (d.dice) return pad.tapDice(app, Number(d.dice));
    if (d.waremeSeat !== undefined) return pad.tapWaremeSeat(app, Number(d.waremeSeat));
    if (d.sitOut !== undefined && !el.classList.contains("seat")) return chooseSitOut(Number(d.sitOut));
    if (d.chips !== undefined) return chooseChips(Number(d.chips));
    if (d.retry) return tenbo.queue.retry(d.retry);
    if (d.discard) return tenbo.queue.discard(d.discard);
    if (el.id === "confirm") return confirmHand();
    if (el.id === "clear") return resetPad();
  });
  $("#stop").addEventListener("change", function (event) {
    app.state.stop = event.target.checked;
    tenbo.preview.changed();
    $("#stop-option").hidden = false;
  });
  // The points field is in the value grid, stamped when a value is first asked for.
  root.addEventListener("change", function (event) {
    if (event.target.id === "points-input") pad.tapPoints(app, parseInt(event.target.value, 10));
  });
  window.addEventListener("online", function () { tenbo.queue.setOffline(false); tenbo.queue.flush(); });
  window.addEventListener("offline", function () { tenbo.queue.setOffline(true); tenbo.queue.render(); });

  // ---- start -------------------------------------------------------------------------------
  if (app.mode === "record") tenbo.queue.load(root.dataset.game);
  var initial = dom.json("initial-entry");
  app.state = initial
    ? hand.loadEntry(initial, defaultSitOut(), tenbo.valueGrid.valueLabel)
    : hand.fresh(defaultSitOut());
  tenbo.queue.setOffline(navigator.onLine === false);
  pad.render(app);
  if (initial) tenbo.preview.changed();
  tenbo.queue.render();
  tenbo.queue.flush();
  document.body.dataset.ready = "true";
})(window.tenbo = window.tenbo || {});
