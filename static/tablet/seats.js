/* tenbo 点棒 — the seats on the pad: who each one is in the hand being entered (winner,
 * dealt in, tenpai, chombo, a penalty, wareme, ...), the riichi toggle on each, and where each
 * seat is drawn: as the table is, turned so the staff's side is at the bottom (kept per table
 * on this device).
 */
(function (tenbo) {
  "use strict";
  var dom = tenbo.dom, hand = tenbo.hand;

  function name(seat) {
    var el = dom.$('.seat[data-seat="' + seat + '"]');
    return el ? el.dataset.name : "?";
  }

  function penaltyLabel(app, kind) {
    var found = (app.cfg.penalties || []).filter(function (p) { return p.code === kind; })[0];
    return found ? found.label : kind;
  }

  function roles(app, seat) {
    var state = app.state, T = app.T, cfg = app.cfg;
    var out = [];
    if (cfg.has_sit_out && seat === state.sitOut) out.push(T.role_sits_out);
    if (hand.winnerIndex(state, seat) >= 0) out.push(T.role_winner);
    if (seat === state.loser) out.push(T.role_loser);
    if (state.kind === "draw" && state.tenpai.indexOf(seat) >= 0) out.push(T.role_tenpai);
    if (state.nagashi.indexOf(seat) >= 0) out.push(T.role_nagashi);
    if (seat === state.offender) out.push(T.role_offender);
    state.winners.forEach(function (w) { if (w.pao === seat) out.push(T.role_pao); });
    state.winners.forEach(function (w) {
      if (state.kind === "tsumo" && w.feeder === seat) out.push(T.role_feeder);
    });
    if (state.kind === "chombo" && state.compensation && state.compensation.to === seat) {
      out.push(T.role_compensation);
    }
    hand.penaltiesOf(state, seat).forEach(function (p) { out.push(penaltyLabel(app, p.kind)); });
    if (state.wareme === seat) out.push(T.role_wareme);
    return out.join(" · ");
  }

  // Sides in turn order: the seat after the one at the bottom is on its right (counter-clockwise).
  var SIDES = ["bottom", "right", "top", "left"];

  var turned = {};  // this page's choice per table, where the device refuses to keep it

  function rotationKey(table) { return "tenbo:seat-rotation:" + table; }

  function rotationOf(table) {
    if (turned[table] !== undefined) return turned[table];
    var raw = null;
    try { raw = localStorage.getItem(rotationKey(table)); } catch (e) { raw = null; }
    var n = Number(raw);
    return n >= 0 && n < SIDES.length ? Math.floor(n) : 0;
  }

  // Each place (a seat, or the empty side of a three-player table) on its side of the table.
  function place() {
    var table = dom.$(".seats-table");
    if (!table) return;
    var rotation = rotationOf(table.dataset.table);
    table.dataset.rotation = String(rotation);
    dom.$$("[data-place]", table).forEach(function (el) {
      el.dataset.side = SIDES[(Number(el.dataset.place) + rotation) % SIDES.length];
    });
  }

  // A quarter turn: the seat on the left comes to the bottom.
  function rotate() {
    var table = dom.$(".seats-table");
    if (!table) return;
    var next = (rotationOf(table.dataset.table) + 1) % SIDES.length;
    turned[table.dataset.table] = next;
    try { localStorage.setItem(rotationKey(table.dataset.table), String(next)); } catch (e) { /* kept for this page only */ }
    place();
  }

  function render(app) {
    var state = app.state, T = app.T, cfg = app.cfg;
    place();
    var active = hand.activeWinner(state);
    dom.$$(".seat[data-seat]").forEach(function (el) {
      var seat = Number(el.dataset.seat);
      el.classList.toggle("is-winner", hand.winnerIndex(state, seat) >= 0);
      el.classList.toggle("is-active", !!active && active.seat === seat && state.winners.length > 1);
      el.classList.toggle("is-loser", seat === state.loser);
      el.classList.toggle("is-tenpai", state.kind === "draw" && state.tenpai.indexOf(seat) >= 0);
      el.classList.toggle("is-offender", seat === state.offender);
      el.classList.toggle("sits-out", cfg.has_sit_out && seat === state.sitOut);
      dom.$("[data-role]", el).textContent = roles(app, seat);
    });
    dom.$$("[data-riichi]").forEach(function (b) {
      var how = state.riichi[b.dataset.riichi] || "off";
      b.setAttribute("aria-pressed", how === "off" ? "false" : "true");
      b.dataset.how = how;
      b.textContent = { off: T.riichi, riichi: T.riichi, open: T.riichi_open, cancelled: T.riichi_cancelled }[how];
    });
  }

  tenbo.seats = { name: name, penaltyLabel: penaltyLabel, render: render, rotate: rotate };
})(window.tenbo = window.tenbo || {});
