/* tenbo 点棒 — the payments before the hand counts.
 *
 * Whenever the hand on the pad is complete, the server works out its payments (the engine
 * replays the game with it) and answers with them as HTML, or with the engine's error in
 * words, which is shown next to the part of the pad it concerns (data-error="<area>").
 * The tap that completes the hand asks at once; a tap on a hand already complete (riichi,
 * tenpai, dice, a yakuman name while the panel stays open) is usually one of several, so its
 * question waits DEBOUNCE_MS for the next.
 */
(function (tenbo) {
  "use strict";
  var dom = tenbo.dom, hand = tenbo.hand, $ = dom.$, $$ = dom.$$;
  var DEBOUNCE_MS = 120;
  var timer = null;
  var wasComplete = false;  // the hand before this tap: a tap that completes it asks at once
  var token = 0;  // the latest request: an older answer is for an entry that no longer stands

  function clearErrors() {
    $$("[data-error]").forEach(function (el) { el.hidden = true; el.textContent = ""; });
    var detail = $("[data-error-detail]");
    detail.hidden = true;
    detail.textContent = "";
  }

  function showError(error) {
    var app = tenbo.app;
    var area = $('[data-error="' + (error.area || "general") + '"]') || $('[data-error="general"]');
    area.textContent = error.message;
    area.hidden = false;
    if (error.area === "value") { app.state.editing = true; tenbo.pad.render(app); }
    if (error.area === "compensation") { app.state.editingCompensation = true; tenbo.pad.render(app); }
    if (error.detail) {
      var detail = $("[data-error-detail]");
      detail.textContent = error.detail;
      detail.hidden = false;
    }
  }

  // The payments, and a correction's money notice in its own place above 確定.
  function show(html, settled) {
    $("#preview").innerHTML = html;
    var slot = $("#settled-slot");
    if (slot) slot.innerHTML = settled || "";
  }

  function clear() {
    clearTimeout(timer);
    wasComplete = false;
    token++;
    show("", "");
  }

  // `valued`: the tap gave a winner its value (a han/fu cell, points, the calculator's answer)
  // and closed the panel, so nothing more is expected before 確定.
  function changed(valued) {
    var app = tenbo.app, state = app.state;
    app.previewOk = false;
    clearErrors();
    $("#stop-option").hidden = !state.stop;
    var complete = hand.isComplete(state);
    var now = complete && !state.editing && !state.editingCompensation &&
      (!wasComplete || valued === true);
    if (!complete) clear();
    wasComplete = complete;
    tenbo.pad.render(app);
    if (complete) schedule(now);
  }

  function schedule(now) {
    clearTimeout(timer);
    // An answer still on its way is for the hand before this tap: it must not be shown, nor
    // enable 確定, in the moment before the new request goes out.
    token++;
    // The next hand is complete: the last one's toast gives its place to these payments.
    if (tenbo.toast) tenbo.toast.hide();
    show('<p class="working">' + tenbo.app.T.checking + "</p>", "");
    if (now) request();
    else timer = setTimeout(request, DEBOUNCE_MS);
  }

  function request() {
    var app = tenbo.app, T = app.T, root = app.root;
    if (!hand.isComplete(app.state)) return;
    var mine = ++token;
    var body = { hand: hand.buildEntry(app.state, app.cfg) };
    if (app.mode === "correct") body.correct = Number(root.dataset.correct);
    dom.post(root.dataset.previewUrl, body).then(function (res) {
      if (mine !== token) return;
      tenbo.queue.setOffline(false);
      if (res.data && res.data.ok) {
        app.previewOk = true;
        show(res.data.html, res.data.settled);
        $("#stop-option").hidden = !res.data.can_stop;
      } else {
        show("", "");
        showError((res.data && res.data.error) || { message: T.server_error, area: "general" });
      }
      tenbo.pad.render(app);
    }, function () {
      if (mine !== token) return;
      tenbo.queue.setOffline(true);
      show('<p class="offline" data-offline-preview>' + T.offline_preview + "</p>", "");
      tenbo.pad.render(app);
    });
  }

  tenbo.preview = { changed: changed, clear: clear, clearErrors: clearErrors, showError: showError };
})(window.tenbo = window.tenbo || {});
