/* tenbo 点棒 — the hand being entered, and its tenbo-game/1 entry.
 *
 * The pad's taps change a plain state object; buildEntry turns it into one hand of the record
 * format (docs/game-record.md) and loadEntry reads a recorded hand back for a correction.
 * Nothing here touches the page: labels for loaded values come from the caller.
 */
(function (tenbo) {
  "use strict";

  function fresh(sitOut) {
    return {
      kind: null, winners: [], loser: null, active: 0, tenpai: [], nagashi: [],
      reason: null, offender: null, riichi: {}, dice: null, wareme: null, sitOut: sitOut,
      penalties: [], compensation: null, stop: false, pick: null, editing: false,
      editingCompensation: false
    };
  }
  // What stays when staff switch the kind of result: the facts of the deal, not of its end.
  function carried(state) {
    return {
      riichi: state.riichi, dice: state.dice, wareme: state.wareme, sitOut: state.sitOut,
      penalties: state.penalties
    };
  }
  // feeder: 大明槓の責任払い, the seat whose discard the winner called as an open kan (tsumo only)
  function newWin(seat) {
    return { seat: seat, value: null, label: "", pao: null, feeder: null, chips: 0, calc: null };
  }
  function winnerIndex(state, seat) {
    for (var i = 0; i < state.winners.length; i++) if (state.winners[i].seat === seat) return i;
    return -1;
  }
  function activeWinner(state) { return state.winners[state.active] || null; }
  function firstWithout(state) {
    for (var i = 0; i < state.winners.length; i++) if (state.winners[i].value === null) return i;
    return Math.max(0, state.winners.length - 1);
  }
  function toggle(list, seat) {
    var i = list.indexOf(seat);
    if (i >= 0) list.splice(i, 1); else list.push(seat);
  }
  function sorted(list) { return list.slice().sort(function (a, b) { return a - b; }); }

  // A penalty of this kind on this seat, added or taken back (the same tap twice undoes it).
  function togglePenalty(state, kind, seat) {
    for (var i = 0; i < state.penalties.length; i++) {
      var p = state.penalties[i];
      if (p.kind === kind && p.seat === seat) { state.penalties.splice(i, 1); return; }
    }
    state.penalties.push({ kind: kind, seat: seat });
  }
  function penaltiesOf(state, seat) {
    return state.penalties.filter(function (p) { return p.seat === seat; });
  }

  function isComplete(state) {
    switch (state.kind) {
      case "ron":
        return state.loser !== null && state.winners.length > 0 &&
          state.winners.every(function (w) { return w.value !== null; });
      case "tsumo": return state.winners.length === 1 && state.winners[0].value !== null;
      case "draw": return true;
      case "abortive": return state.reason !== null;
      case "chombo":
        return state.offender !== null && (!state.compensation || state.compensation.value !== null);
      default: return false;
    }
  }

  function winEntry(w, tsumo) {
    var win = { winner: w.seat };
    Object.keys(w.value).forEach(function (k) { win[k] = w.value[k]; });
    if (w.pao !== null) win.pao = w.pao;
    if (tsumo && w.feeder !== null) win.daiminkan_feeder = w.feeder;
    if (w.chips) win.chips = w.chips;
    // The calculator's dora, ippatsu and yaku (calculator.js), kept while its value stands.
    if (w.calc) Object.keys(w.calc.fields).forEach(function (k) { win[k] = w.calc.fields[k]; });
    return win;
  }

  function penaltyEntry(p) {
    // The record names a chombo's player `offender`, as in a chombo result; the others `seat`.
    return p.kind === "chombo" ? { kind: "chombo", offender: p.seat } : { kind: p.kind, seat: p.seat };
  }

  function buildEntry(state, cfg) {
    var entry = {};
    var riichi = [], open = [], cancelled = [];
    Object.keys(state.riichi).forEach(function (k) {
      var seat = Number(k), how = state.riichi[k];
      if (how === "off") return;
      riichi.push(seat);
      if (how === "open") open.push(seat);
      if (how === "cancelled") cancelled.push(seat);
    });
    if (riichi.length) entry.riichi = sorted(riichi);
    if (open.length) entry.open_riichi = sorted(open);
    if (cancelled.length) entry.riichi_cancelled = sorted(cancelled);
    if (cfg.has_sit_out && state.sitOut !== null) entry.sit_out = state.sitOut;
    if (state.dice) entry.dice = state.dice;
    if (state.wareme !== null) entry.wareme = state.wareme;
    if (state.penalties.length) entry.penalties = state.penalties.map(penaltyEntry);
    if (state.kind === "ron") {
      entry.result = {
        kind: "ron", loser: state.loser,
        wins: state.winners.map(function (w) { return winEntry(w, false); })
      };
    } else if (state.kind === "tsumo") {
      entry.result = { kind: "tsumo", win: winEntry(state.winners[0], true) };
    } else if (state.kind === "draw") {
      entry.result = { kind: "draw", tenpai: sorted(state.tenpai) };
      if (state.nagashi.length) entry.result.nagashi = sorted(state.nagashi);
    } else if (state.kind === "abortive") {
      entry.result = { kind: "abortive", reason: state.reason };
    } else if (state.kind === "chombo") {
      entry.result = { kind: "chombo", offender: state.offender };
      var comp = state.compensation;
      if (comp && comp.value) {
        entry.result.compensation = { to: comp.to };
        Object.keys(comp.value).forEach(function (k) { entry.result.compensation[k] = comp.value[k]; });
      }
    }
    if (state.stop) entry.stop = true;
    return entry;
  }

  var VALUE_KEYS = ["han", "fu", "yakuman", "points"];
  function valueOf(item) {
    var value = {};
    VALUE_KEYS.forEach(function (k) { if (item[k] !== undefined) value[k] = item[k]; });
    return value;
  }

  // label(value) gives the words for a value as the pad shows it.
  function loadEntry(entry, sitOut, label) {
    var result = entry.result || {};
    var state = fresh(sitOut);
    (entry.riichi || []).forEach(function (s) { state.riichi[s] = "riichi"; });
    (entry.open_riichi || []).forEach(function (s) { state.riichi[s] = "open"; });
    (entry.riichi_cancelled || []).forEach(function (s) { state.riichi[s] = "cancelled"; });
    if (entry.sit_out !== undefined) state.sitOut = entry.sit_out;
    if (entry.dice) state.dice = entry.dice;
    if (entry.wareme !== undefined) state.wareme = entry.wareme;
    state.penalties = (entry.penalties || []).map(function (p) {
      return { kind: p.kind, seat: p.kind === "chombo" ? p.offender : p.seat };
    });
    state.stop = !!entry.stop;
    state.kind = result.kind || null;
    function fromWin(win) {
      var w = newWin(win.winner);
      w.value = valueOf(win);
      w.label = label(w.value);
      if (win.pao !== undefined) w.pao = win.pao;
      if (win.daiminkan_feeder !== undefined) w.feeder = win.daiminkan_feeder;
      if (win.chips) w.chips = win.chips;
      // What the calculator recorded beside the value: the yaku and whether the hand was open.
      if (win.yaku || win.open !== undefined) {
        w.calc = { fields: {}, html: "" };
        if (win.yaku) w.calc.fields.yaku = win.yaku;
        if (win.open !== undefined) w.calc.fields.open = win.open;
      }
      return w;
    }
    if (result.kind === "ron") { state.loser = result.loser; state.winners = result.wins.map(fromWin); }
    if (result.kind === "tsumo") state.winners = [fromWin(result.win)];
    if (result.kind === "draw") { state.tenpai = (result.tenpai || []).slice(); state.nagashi = (result.nagashi || []).slice(); }
    if (result.kind === "abortive") state.reason = result.reason;
    if (result.kind === "chombo") {
      state.offender = result.offender;
      if (result.compensation) {
        var value = valueOf(result.compensation);
        state.compensation = { to: result.compensation.to, value: value, label: label(value) };
      }
    }
    return state;
  }

  tenbo.hand = {
    fresh: fresh, carried: carried, newWin: newWin, winnerIndex: winnerIndex,
    activeWinner: activeWinner, firstWithout: firstWithout, toggle: toggle,
    togglePenalty: togglePenalty, penaltiesOf: penaltiesOf, isComplete: isComplete,
    buildEntry: buildEntry, loadEntry: loadEntry
  };
})(window.tenbo = window.tenbo || {});
