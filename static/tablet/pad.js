/* tenbo 点棒 — the hand-entry pad: what each tap means, and the pad drawn from the state.
 *
 * Taps change app.state (see hand.js) and call tenbo.preview.changed(), which asks the server
 * for the payments once the hand is complete. A pending "pick" makes the next seat tap mean
 * something else: the pao player, the open kan's feeder (大明槓の責任払い), another winner,
 * nagashi, the compensated player or the player of a penalty.
 */
(function (tenbo) {
  "use strict";
  var dom = tenbo.dom, hand = tenbo.hand, $ = dom.$, $$ = dom.$$;

  function changed(valued) { tenbo.preview.changed(valued); }

  // Riichi per seat: off → riichi → open riichi (where the ruleset has it) → cancelled
  // (where the ruleset has a cancel fee) → off.
  function riichiCycle(cfg) {
    var cycle = ["off", "riichi"];
    if (cfg.open_riichi) cycle.push("open");
    if (cfg.riichi_cancel) cycle.push("cancelled");
    return cycle;
  }

  function penaltyPick(state) {
    return state.pick && state.pick.indexOf("penalty:") === 0 ? state.pick.slice(8) : null;
  }

  // A pending pick takes the seat tap; true when it did.
  function pickSeat(app, seat) {
    var state = app.state, cfg = app.cfg;
    var w = hand.activeWinner(state);
    var penalty = penaltyPick(state);
    if (penalty) {
      hand.togglePenalty(state, penalty, seat);
    } else if (state.pick === "compensation") {
      if (seat !== state.offender) {
        state.compensation = { to: seat, value: null, label: "" };
        state.editingCompensation = false;
      }
    } else if (state.pick === "pao") {
      if (w && seat !== w.seat) { w.pao = w.pao === seat ? null : seat; w.feeder = null; }
    } else if (state.pick === "feeder") {
      // One liable player on a win: the feeder of the open kan replaces any pao.
      if (w && seat !== w.seat) { w.feeder = w.feeder === seat ? null : seat; w.pao = null; }
    } else if (state.pick === "add") {
      if (hand.winnerIndex(state, seat) < 0 && seat !== state.loser && state.winners.length < cfg.max_winners) {
        state.winners.push(hand.newWin(seat));
        state.active = state.winners.length - 1;
      }
    } else if (state.pick === "nagashi") {
      hand.toggle(state.nagashi, seat);
    } else {
      return false;
    }
    state.pick = null;
    return true;
  }

  function tapSeat(app, seat) {
    var state = app.state, cfg = app.cfg;
    // The seat sitting out takes no part, except in its own chombo (seed 003: 20 all).
    if (cfg.has_sit_out && seat === state.sitOut && state.pick !== "penalty:chombo") return;
    if (pickSeat(app, seat)) return changed();
    var i = hand.winnerIndex(state, seat);
    switch (state.kind) {
      case null:
        state.kind = "win";
        state.winners = [hand.newWin(seat)];
        state.active = 0;
        break;
      case "win":
        if (i >= 0) { state.kind = null; state.winners = []; }
        else { state.kind = "ron"; state.loser = seat; }
        break;
      case "ron":
        if (state.winners.length === 0) { state.winners = [hand.newWin(seat)]; state.active = 0; }
        else if (i >= 0) {
          if (i === state.active) { state.winners.splice(i, 1); state.active = hand.firstWithout(state); }
          else state.active = i;
        } else state.loser = state.loser === seat ? null : seat;
        break;
      case "tsumo":
        if (i >= 0) state.winners = [];
        else if (state.winners.length) {
          state.winners[0].seat = seat;
          if (state.winners[0].feeder === seat) state.winners[0].feeder = null;
        }
        else state.winners = [hand.newWin(seat)];
        state.active = 0;
        break;
      case "draw": hand.toggle(state.tenpai, seat); break;
      case "chombo":
        state.offender = state.offender === seat ? null : seat;
        if (state.compensation && state.compensation.to === state.offender) state.compensation = null;
        break;
      default: break;
    }
    changed();
  }

  function tapKind(app, kind) {
    var state = app.state;
    var first = state.winners[0] || null;
    var keep = hand.carried(state);
    if (state.kind === kind) {
      app.state = Object.assign(hand.fresh(state.sitOut), keep);
      return changed();
    }
    if (kind === "ron" && (state.kind === "win" || state.kind === "tsumo")) {
      state.kind = "ron"; state.pick = null;
    } else if (kind === "tsumo" && (state.kind === "win" || state.kind === "ron")) {
      state.kind = "tsumo"; state.loser = null; state.pick = null;
      state.winners = first ? [first] : []; state.active = 0;
    } else {
      app.state = Object.assign(hand.fresh(state.sitOut), keep);
      app.state.kind = kind;
    }
    changed();
  }

  function tapValue(app, cell) {
    var state = app.state, cfg = app.cfg, grid = tenbo.valueGrid;
    var t = grid.target(app);
    if (!t) return;
    var d = cell.dataset;
    if (t.compensation) {
      t.compensation.value = grid.cellValue(cell);
      t.compensation.label = grid.valueLabel(t.compensation.value);
      state.editingCompensation = false;
      return changed(true);
    }
    var w = t.win;
    w.calc = null;  // a value tapped on the grid overwrites the calculator's, and its yaku
    if (d.yakumanName) {
      // Several names may be tapped: the panel stays open until another value is chosen.
      var names = Array.isArray(w.value && w.value.yakuman) ? w.value.yakuman.slice() : [];
      hand.toggle(names, d.yakumanName);
      w.value = names.length ? { yakuman: names } : null;
      state.editing = true;
    } else {
      w.value = grid.cellValue(cell);
      // A yakuman may carry pao, and a tsumo the open kan's feeder where the ruleset makes
      // them liable: keep the panel (and its 包 or 責任払い button) open.
      state.editing = (!!cfg.pao && w.value.yakuman !== undefined) ||
        (!!cfg.daiminkan_feeder && state.kind === "tsumo");
    }
    if (w.value && w.value.yakuman === undefined) w.pao = null;
    w.label = w.value ? grid.valueLabel(w.value) : "";
    if (!d.yakumanName) state.active = hand.firstWithout(state);
    changed(!d.yakumanName);
  }

  function tapPoints(app, n) {
    var w = hand.activeWinner(app.state);
    if (!w || !(n > 0)) return;
    w.value = { points: n };
    w.calc = null;
    w.label = String(n);
    app.state.active = hand.firstWithout(app.state);
    changed(true);
  }

  function tapRiichi(app, seat) {
    var cycle = riichiCycle(app.cfg);
    var now = app.state.riichi[seat] || "off";
    app.state.riichi[seat] = cycle[(cycle.indexOf(now) + 1) % cycle.length];
    changed();
  }

  // The wareme (割れ目) comes from the dice or is given as a seat: one or the other.
  function tapDice(app, n) {
    app.state.dice = app.state.dice === n ? null : n;
    if (app.state.dice) app.state.wareme = null;
    changed();
  }
  function tapWaremeSeat(app, seat) {
    app.state.wareme = app.state.wareme === seat ? null : seat;
    if (app.state.wareme !== null) app.state.dice = null;
    changed();
  }

  function tapPick(app, pick) {
    app.state.pick = app.state.pick === pick ? null : pick;
    render(app);
  }

  function removePenalty(app, index) {
    app.state.penalties.splice(index, 1);
    changed();
  }
  function editCompensation(app) {
    app.state.editingCompensation = true;
    render(app);
  }
  function removeCompensation(app) {
    app.state.compensation = null;
    app.state.editingCompensation = false;
    changed();
  }

  // ---- drawing the pad -------------------------------------------------------------------
  function prompt(app) {
    var state = app.state, T = app.T;
    var w = hand.activeWinner(state);
    var penalty = penaltyPick(state);
    if (penalty) return dom.fmt(T.prompt_penalty, { kind: tenbo.seats.penaltyLabel(app, penalty) });
    if (state.pick === "compensation") return T.prompt_compensation;
    if (state.pick === "pao") return T.prompt_pao;
    if (state.pick === "feeder") return T.prompt_feeder;
    if (state.pick === "add") return T.prompt_add_winner;
    if (state.pick === "nagashi") return T.prompt_nagashi;
    switch (state.kind) {
      case null: return T.prompt_start;
      case "win": return T.prompt_win;
      case "ron":
        if (!state.winners.length) return T.prompt_winner;
        if (state.loser === null) return T.prompt_loser;
        if (w && w.value === null) return dom.fmt(T.prompt_value, { name: tenbo.seats.name(w.seat) });
        return T.prompt_check;
      case "tsumo":
        if (!state.winners.length) return T.prompt_winner;
        if (w.value === null) return dom.fmt(T.prompt_value, { name: tenbo.seats.name(w.seat) });
        return T.prompt_check;
      case "draw": return T.prompt_tenpai;
      case "abortive": return state.reason ? T.prompt_check : T.prompt_reason;
      case "chombo":
        if (state.offender === null) return T.prompt_offender;
        if (state.compensation && state.compensation.value === null) {
          return dom.fmt(T.prompt_compensation_value, { name: tenbo.seats.name(state.compensation.to) });
        }
        return T.prompt_check;
      default: return "";
    }
  }

  function chip(text, attrs, removeAttr, removeLabel) {
    var box = document.createElement("span");
    box.className = "chip";
    var label = document.createElement(attrs ? "button" : "span");
    if (attrs) {
      label.type = "button";
      Object.keys(attrs).forEach(function (k) { label.setAttribute(k, attrs[k]); });
    }
    label.textContent = text;
    var remove = document.createElement("button");
    remove.type = "button";
    remove.setAttribute(removeAttr[0], removeAttr[1]);
    remove.setAttribute("aria-label", removeLabel);
    remove.textContent = "×";
    box.appendChild(label);
    box.appendChild(remove);
    return box;
  }

  function renderWinners(app) {
    var state = app.state, T = app.T;
    var list = $("#winner-list");
    $("#winners").hidden = !((state.kind === "ron" || state.kind === "tsumo") && state.winners.length > 0);
    list.innerHTML = "";
    state.winners.forEach(function (win, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "winner-chip";
      b.dataset.winnerIndex = String(i);
      b.setAttribute("aria-pressed", String(i === state.active && (state.editing || win.value === null)));
      b.textContent = tenbo.seats.name(win.seat) + " · " + (win.label || T.value_missing);
      list.appendChild(b);
    });
    var add = $("#add-winner");
    add.hidden = !(state.kind === "ron" && state.loser !== null && state.winners.length < app.cfg.max_winners);
    add.setAttribute("aria-pressed", String(state.pick === "add"));
  }

  function renderPenalties(app) {
    var state = app.state;
    var list = $("#penalty-list");
    if (!list) return;
    list.innerHTML = "";
    state.penalties.forEach(function (p, i) {
      var text = tenbo.seats.penaltyLabel(app, p.kind) + ": " + tenbo.seats.name(p.seat);
      var item = chip(text, null, ["data-remove-penalty", String(i)], app.T.remove);
      item.dataset.penaltyChip = p.kind;
      list.appendChild(item);
    });
    list.hidden = state.penalties.length === 0;
    $$("[data-penalty]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(state.pick === "penalty:" + b.dataset.penalty));
    });
  }

  function renderCompensation(app) {
    var state = app.state, T = app.T;
    var options = $("#chombo-options");
    if (!options) return;
    options.hidden = !(state.kind === "chombo" && state.offender !== null);
    $("#compensation-button").setAttribute("aria-pressed", String(state.pick === "compensation"));
    var list = $("#compensation-list");
    list.innerHTML = "";
    var comp = state.kind === "chombo" ? state.compensation : null;
    list.hidden = !comp;
    if (!comp) return;
    var text = dom.fmt(T.compensation_chip, {
      name: tenbo.seats.name(comp.to), value: comp.label || T.value_missing
    });
    list.appendChild(chip(text, { "data-compensation-edit": "" }, ["data-remove-compensation", ""], T.remove));
  }

  function render(app) {
    var state = app.state, T = app.T, cfg = app.cfg;
    tenbo.seats.render(app);
    $$("[data-kind]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.kind === state.kind));
    });
    $("#prompt").textContent = prompt(app);
    tenbo.valueGrid.render(app);
    renderWinners(app);
    renderCompensation(app);
    renderPenalties(app);
    if (tenbo.calculator) tenbo.calculator.render(app);
    $("#draw-options").hidden = state.kind !== "draw" || !cfg.nagashi;
    $$('[data-pick="nagashi"]').forEach(function (b) { b.setAttribute("aria-pressed", String(state.pick === "nagashi")); });
    $("#abortive-options").hidden = state.kind !== "abortive";
    $$("[data-abortive]").forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.abortive === state.reason)); });
    $$("[data-dice]").forEach(function (b) { b.setAttribute("aria-pressed", String(Number(b.dataset.dice) === state.dice)); });
    $$("[data-wareme-seat]").forEach(function (b) { b.setAttribute("aria-pressed", String(Number(b.dataset.waremeSeat) === state.wareme)); });
    $$("[data-sit-out]").forEach(function (b) { b.setAttribute("aria-pressed", String(Number(b.dataset.sitOut) === state.sitOut)); });
    $("#stop").checked = state.stop;

    var confirm = $("#confirm");
    var complete = hand.isComplete(state);
    confirm.disabled = !(complete && (app.previewOk || (app.offline && app.mode === "record")));
    confirm.textContent = app.mode === "correct" ? T.confirm_correction
      : (app.offline && !app.previewOk ? T.confirm_offline : T.confirm);
  }

  tenbo.pad = {
    tapSeat: tapSeat, tapKind: tapKind, tapValue: tapValue, tapPoints: tapPoints,
    tapRiichi: tapRiichi, tapDice: tapDice, tapWaremeSeat: tapWaremeSeat, tapPick: tapPick,
    removePenalty: removePenalty, editCompensation: editCompensation,
    removeCompensation: removeCompensation, render: render
  };
})(window.tenbo = window.tenbo || {});
