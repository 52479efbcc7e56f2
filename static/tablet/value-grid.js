/* tenbo 点棒 — the value grid (han/fu, han, points, limits, yakuman) and what it is for.
 *
 * The server renders only the values the ruleset accepts (parlor/web/pad.py). The same grid
 * serves a winner's value and, after a chombo, the value of the spoiled hand the ruleset
 * compensates (seed 001): then only the limit classes from the ruleset's minimum up and the
 * yakuman counts are open.
 */
(function (tenbo) {
  "use strict";
  var dom = tenbo.dom, hand = tenbo.hand;

  function cellValue(cell) {
    var d = cell.dataset;
    if (d.fu) return { han: Number(d.han), fu: Number(d.fu) };
    if (d.han) return { han: Number(d.han) };
    if (d.yakuman) return { yakuman: Number(d.yakuman) };
    if (d.points) return { points: Number(d.points) };
    return null;
  }
  function sameValue(a, b) {
    if (!a || !b) return false;
    return JSON.stringify(a) === JSON.stringify(b);
  }
  // The cells come in the page as a <template> (templates/tablet/_value.html): stamped once,
  // when a value is first asked for, so the page is ready without building them.
  function stamp() {
    var cells = document.getElementById("value-cells");
    if (cells) cells.replaceWith(cells.content);
  }

  function valueLabel(value) {
    stamp();
    var cells = dom.$$("#value-panel .cell");
    for (var i = 0; i < cells.length; i++) {
      if (sameValue(cellValue(cells[i]), value)) return cells[i].dataset.label;
    }
    if (Array.isArray(value.yakuman)) {
      return value.yakuman.map(function (code) {
        var b = dom.$('[data-yakuman-name="' + code + '"]');
        return b ? b.dataset.label : code;
      }).join(" ");
    }
    if (value.points !== undefined) return String(value.points);
    return "";
  }

  // What the grid is choosing a value for: the compensated hand after a chombo, or a winner.
  function target(app) {
    var state = app.state;
    if (state.kind === "chombo" && state.compensation) {
      return { compensation: state.compensation, seat: state.compensation.to };
    }
    var w = hand.activeWinner(state);
    return w ? { win: w, seat: w.seat } : null;
  }

  function isOpen(app, t) {
    var state = app.state;
    if (!t) return false;
    if (t.compensation) return t.compensation.value === null || state.editingCompensation;
    var winning = state.kind === "ron" || state.kind === "tsumo" || state.kind === "win";
    return winning && (t.win.value === null || state.editing || !hand.isComplete(state));
  }

  function cellOpen(app, t, cell) {
    var d = cell.dataset;
    if (t && t.compensation) {
      // A spoiled hand is valued as a ron, by count of yakuman or by its limit class.
      if (d.yakuman) return true;
      return cell.classList.contains("limit") && Number(d.han) >= app.cfg.compensation.min_han;
    }
    var kind = app.state.kind;
    if (kind === "ron") return d.ron === "1";
    if (kind === "tsumo") return d.tsumo === "1";
    return d.ron === "1" || d.tsumo === "1";
  }

  // Which of a cell's points (the server's, from the engine) to show: the winner's, as a
  // dealer or not, by ron or tsumo. A spoiled hand after a chombo is valued as a ron.
  function pointsKey(app, t) {
    var seat = t ? dom.$('.seat[data-seat="' + t.seat + '"]') : null;
    var dealer = !!seat && seat.classList.contains("is-dealer");
    var tsumo = !!t && !t.compensation && app.state.kind === "tsumo";
    if (tsumo) return dealer ? "ptsDealerTsumo" : "ptsTsumo";
    return dealer ? "ptsDealerRon" : "ptsRon";
  }

  function showPoints(cell, key) {
    var slot = cell.querySelector("[data-pts]");
    if (slot) slot.textContent = cell.disabled ? "" : (cell.dataset[key] || "");
  }

  function render(app) {
    var state = app.state, T = app.T;
    var t = target(app);
    if (t) stamp();
    var panel = dom.$("#value-panel");
    panel.hidden = !isOpen(app, t);
    if (t) {
      dom.$("#value-title").textContent = dom.fmt(
        t.compensation ? T.compensation_value : T.prompt_value, { name: tenbo.seats.name(t.seat) });
    }
    var value = t ? (t.compensation ? t.compensation.value : t.win.value) : null;
    var key = pointsKey(app, t);
    var caption = dom.$("[data-pts-caption]");
    if (caption) caption.textContent = caption.dataset[key];
    dom.$$("#value-panel .cell").forEach(function (cell) {
      cell.disabled = !cellOpen(app, t, cell);
      showPoints(cell, key);
      var selected = !!value && (cell.dataset.yakumanName
        ? Array.isArray(value.yakuman) && value.yakuman.indexOf(cell.dataset.yakumanName) >= 0
        : sameValue(cellValue(cell), value));
      cell.setAttribute("aria-pressed", String(selected));
    });
    var forWin = !!t && !!t.win;
    var options = dom.$("#win-options");
    if (options) options.hidden = !forWin;
    var names = dom.$("#yakuman-names");  // a compensation is valued by count, not by name
    if (names) names.hidden = !forWin;
    var points = dom.$("#points-input");
    if (points) points.disabled = !forWin;
    var w = forWin ? t.win : null;
    var pao = dom.$("#pao-button");
    if (pao) {
      pao.hidden = !(w && w.value && w.value.yakuman !== undefined);
      pao.setAttribute("aria-pressed", String(state.pick === "pao" || (!!w && w.pao !== null)));
    }
    // 大明槓の責任払い: only on a tsumo (the button exists only where the ruleset has it)
    var feeder = dom.$("#feeder-button");
    if (feeder) {
      feeder.hidden = !(w && state.kind === "tsumo");
      feeder.setAttribute("aria-pressed", String(state.pick === "feeder" || (!!w && w.feeder !== null)));
    }
    dom.$$("[data-chips]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(!!w && Number(b.dataset.chips) === (w.chips || 0)));
    });
  }

  tenbo.valueGrid = {
    cellValue: cellValue, sameValue: sameValue, valueLabel: valueLabel, target: target,
    render: render
  };
})(window.tenbo = window.tenbo || {});
