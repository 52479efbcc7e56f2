/* tenbo 点棒 — the hand calculator (計算): tiles tapped on a keyboard become the win's value.
 *
 * Staff open it from the value panel of a winner. The panel's HTML comes from the server for
 * the game's ruleset (which tiles, North, flowers, gari, the white pocchi); taps fill the hand,
 * the winning tile, melds and dora indicators; tsumo or ron and riichi come from the entry on
 * the pad. The server values the hand (parlor/web/calculator.py) and "Use this value" puts han
 * and fu (or yakuman, or a point count) into the win with its yaku, which the record keeps. Tapping a value on the
 * grid afterwards overwrites it and drops the yaku, which would no longer describe it.
 */
(function (tenbo) {
  "use strict";
  var dom = tenbo.dom, hand = tenbo.hand, $ = dom.$, $$ = dom.$$;
  var SUIT_ORDER = { m: 0, p: 1, s: 2 };
  var HONOUR_ORDER = ["E", "S", "W", "N", "P", "F", "C", "*"];
  var MELD_SIZE = { chi: 3, pon: 3, daiminkan: 4, ankan: 4 };
  var loaded = false;
  var token = 0;

  function sheet() { return $("#calc-sheet"); }

  function freshCalc(seat) {
    return {
      seat: seat, target: "hand", hand: [], win: null, melds: [], building: [], dora: [],
      ura: [], gari: [], flags: {}, kita: 0, flowers: 0, answer: null
    };
  }

  // The calculator of the winner whose value is being chosen; kept per seat while the hand
  // is entered, so closing and opening again keeps the tiles.
  function current(app) {
    var t = tenbo.valueGrid.target(app);
    if (!t || !t.win) return null;
    app.calcs = app.calcs || {};
    if (!app.calcs[t.win.seat]) app.calcs[t.win.seat] = freshCalc(t.win.seat);
    return app.calcs[t.win.seat];
  }

  function sortKey(tile) {
    if (tile.length === 2 && SUIT_ORDER[tile[1]] !== undefined) {
      var n = tile[0] === "0" ? 5.5 : Number(tile[0]);
      return SUIT_ORDER[tile[1]] * 10 + n;
    }
    return 30 + HONOUR_ORDER.indexOf(tile);
  }
  function sortTiles(tiles) { return tiles.slice().sort(function (a, b) { return sortKey(a) - sortKey(b); }); }
  function plain(tile) { return tile[0] === "0" ? "5" + tile[1] : tile; }

  function handSize(calc) { return 13 - 3 * calc.melds.length; }

  function tapTile(calc, tile) {
    var target = calc.target;
    if (target === "hand") {
      if (calc.hand.length < handSize(calc)) calc.hand.push(tile);
      if (calc.hand.length >= handSize(calc) && calc.win === null) calc.target = "win";
    } else if (target === "win") {
      calc.win = tile;
    } else if (target === "dora" || target === "ura" || target === "gari") {
      calc[target].push(tile);
    } else if (target === "chi") {
      calc.building.push(tile);
      if (calc.building.length === 3) {
        calc.melds.push({ type: "chi", tiles: sortTiles(calc.building) });
        calc.building = [];
      }
    } else {
      // A pon or kan is one tap: its copies, a red five among them where the red was tapped.
      var tiles = [];
      for (var i = 0; i < MELD_SIZE[target]; i++) tiles.push(i === 0 ? tile : plain(tile));
      calc.melds.push({ type: target, tiles: tiles });
    }
  }

  function face(tile) {
    var key = $('#calc-panel [data-tile="' + tile + '"]');
    return key ? key.innerHTML : tile;
  }

  function chipButton(html, attr, value) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "tile small";
    b.setAttribute(attr, value);
    b.innerHTML = html;
    return b;
  }

  function renderLists(calc) {
    var lists = {};
    $$("[data-calc-list]").forEach(function (el) { lists[el.dataset.calcList] = el; el.innerHTML = ""; });
    if (!lists.hand) return;
    var order = sortTiles(calc.hand);
    order.forEach(function (tile) { lists.hand.appendChild(chipButton(face(tile), "data-calc-remove-hand", tile)); });
    if (calc.win) lists.win.appendChild(chipButton(face(calc.win), "data-calc-remove-win", calc.win));
    calc.melds.forEach(function (meld, i) {
      var group = chipButton(meld.tiles.map(face).join(""), "data-calc-remove-meld", String(i));
      group.classList.add("meld", "meld-" + meld.type);
      group.dataset.meldType = meld.type;
      lists.melds.appendChild(group);
    });
    if (calc.building.length) {
      var partial = document.createElement("span");
      partial.className = "meld building";
      partial.innerHTML = calc.building.map(face).join("");
      lists.melds.appendChild(partial);
    }
    ["dora", "ura", "gari"].forEach(function (name) {
      if (!lists[name]) return;
      calc[name].forEach(function (tile, i) {
        lists[name].appendChild(chipButton(face(tile), "data-calc-remove-" + name, String(i)));
      });
    });
    var count = $("[data-calc-count]");
    if (count) count.textContent = calc.hand.length + "/" + handSize(calc);
  }

  function isTsumo(app) { return app.state.kind === "tsumo"; }
  function riichiOf(app, seat) {
    var how = app.state.riichi[seat];
    return how === "riichi" || how === "open";
  }

  function renderPanel(app) {
    var calc = current(app);
    if (!calc || !loaded) return;
    $$("[data-calc-target]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.calcTarget === calc.target));
    });
    var when = isTsumo(app) ? "tsumo" : "ron";
    $$("[data-calc-flag]").forEach(function (b) {
      b.hidden = !!b.dataset.when && b.dataset.when !== when;
      b.setAttribute("aria-pressed", String(!!calc.flags[b.dataset.calcFlag] && !b.hidden));
    });
    $$("[data-calc-kita]").forEach(function (b) { b.setAttribute("aria-pressed", String(Number(b.dataset.calcKita) === calc.kita)); });
    $$("[data-calc-flowers]").forEach(function (b) { b.setAttribute("aria-pressed", String(Number(b.dataset.calcFlowers) === calc.flowers)); });
    renderLists(calc);
    var result = $("[data-calc-result]");
    if (result) result.innerHTML = calc.answer ? calc.answer.html : "";
    var use = $("[data-calc-use]");
    if (use) use.hidden = !calc.answer;
  }

  function clearErrors() {
    $$("[data-calc-error]").forEach(function (el) { el.hidden = true; el.textContent = ""; });
    var detail = $("[data-calc-error-detail]");
    if (detail) { detail.hidden = true; detail.textContent = ""; }
  }
  function showError(error) {
    var area = $('[data-calc-error="' + (error.area || "general") + '"]') || $('[data-calc-error="general"]');
    area.textContent = error.message;
    area.hidden = false;
    var detail = $("[data-calc-error-detail]");
    if (error.detail && detail) { detail.textContent = error.detail; detail.hidden = false; }
  }

  // A change of tiles or conditions makes the last answer stale.
  function changedTiles(app) {
    var calc = current(app);
    if (calc) calc.answer = null;
    clearErrors();
    renderPanel(app);
  }

  function requestBody(app, calc) {
    var flags = {};
    Object.keys(calc.flags).forEach(function (k) {
      var b = $('[data-calc-flag="' + k + '"]');
      if (calc.flags[k] && b && !b.hidden) flags[k] = true;
    });
    // Riichi comes from the entry; a double riichi is a riichi of its own.
    if (riichiOf(app, calc.seat) && !flags.double_riichi) flags.riichi = true;
    var tiles = {
      hand: calc.hand.concat(calc.win ? [calc.win] : []),
      win_tile: calc.win || "",
      melds: calc.melds,
      dora_indicators: calc.dora,
      ura_indicators: calc.ura,
      kita: calc.kita,
      flowers: calc.flowers
    };
    if (calc.gari.length) tiles.gari = calc.gari;  // 白マティ: 1m 5m 9m set aside (ガリ)
    var body = { winner: calc.seat, tsumo: isTsumo(app), tiles: tiles, flags: flags };
    if (app.mode === "correct") body.correct = Number(app.root.dataset.correct);
    if (app.cfg.has_sit_out && app.state.sitOut !== null) body.sit_out = app.state.sitOut;
    return body;
  }

  function evaluate(app) {
    var calc = current(app);
    if (!calc) return;
    clearErrors();
    if (!calc.win) return showError({ area: "win", message: app.T.calc_win_tile });
    var mine = ++token;
    dom.post(sheet().dataset.evaluateUrl, requestBody(app, calc)).then(function (res) {
      if (mine !== token) return;
      if (res.data && res.data.ok) {
        calc.answer = res.data;
      } else {
        calc.answer = null;
        showError((res.data && res.data.error) || { message: app.T.server_error, area: "general" });
      }
      renderPanel(app);
    }, function () {
      if (mine !== token) return;
      showError({ message: app.T.offline_preview, area: "general" });
    });
  }

  // The computed value goes into the win: han/fu or yakuman as the grid would give it, and
  // dora, ippatsu and the yaku beside it for the record.
  function use(app) {
    var calc = current(app);
    var t = tenbo.valueGrid.target(app);
    if (!calc || !calc.answer || !t || !t.win) return;
    var fields = calc.answer.value.win, value = {}, extra = {};
    Object.keys(fields).forEach(function (k) {
      if (k === "han" || k === "fu" || k === "yakuman" || k === "points") value[k] = fields[k];
      else extra[k] = fields[k];
    });
    var w = t.win;
    w.value = value;
    w.label = calc.answer.label;
    w.calc = { fields: extra, html: calc.answer.html };
    if (value.yakuman === undefined) w.pao = null;
    app.state.editing = false;
    app.state.active = hand.firstWithout(app.state);
    close();
    tenbo.preview.changed(true);
  }

  function open(app) {
    var calc = current(app);
    if (!calc) return;
    var el = sheet();
    el.hidden = false;
    $("[data-calc-for]").textContent = tenbo.seats.name(calc.seat);
    if (loaded) return renderPanel(app);
    fetch(el.dataset.panelUrl, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        $("#calc-panel").innerHTML = html;
        loaded = true;
        renderPanel(app);
      }, function () {
        $("#calc-panel").innerHTML = '<p class="offline">' + app.T.offline_preview + "</p>";
      });
  }
  function close() { sheet().hidden = true; }

  // The yaku and fu of each winner's computed value, beside the payments.
  function render(app) {
    if (app.state.kind === null) app.calcs = {};  // a fresh pad forgets the last hand's tiles
    var openButton = $("[data-calc-open]");
    var t = tenbo.valueGrid.target(app);
    // Ron or tsumo first: the value depends on it.
    var decided = app.state.kind === "ron" || app.state.kind === "tsumo";
    if (openButton) openButton.hidden = !(t && t.win && decided);
    var box = $("#calc-summary");
    if (!box) return;
    var winners = (app.state.kind === "ron" || app.state.kind === "tsumo") ? app.state.winners : [];
    var parts = winners.filter(function (w) { return w.calc && w.calc.html; }).map(function (w) {
      return '<h2 class="panel-title">' + tenbo.seats.name(w.seat).replace(/</g, "&lt;") + "</h2>" + w.calc.html;
    });
    box.innerHTML = parts.join("");
    box.hidden = parts.length === 0;
  }

  function onClick(event) {
    var app = tenbo.app;
    var el = event.target.closest("button");
    if (!el || el.disabled || !app) return;
    var d = el.dataset, calc = current(app);
    if (d.calcOpen !== undefined) return open(app);
    if (d.calcClose !== undefined) return close();
    if (!calc) return;
    if (d.calcTarget) { calc.target = d.calcTarget; calc.building = []; return renderPanel(app); }
    if (d.tile && el.closest("#calc-panel .tile-keyboard")) { tapTile(calc, d.tile); return changedTiles(app); }
    if (d.calcRemoveHand) { calc.hand.splice(calc.hand.indexOf(d.calcRemoveHand), 1); calc.target = "hand"; return changedTiles(app); }
    if (d.calcRemoveWin) { calc.win = null; calc.target = "win"; return changedTiles(app); }
    if (d.calcRemoveMeld) { calc.melds.splice(Number(d.calcRemoveMeld), 1); return changedTiles(app); }
    if (d.calcRemoveDora) { calc.dora.splice(Number(d.calcRemoveDora), 1); return changedTiles(app); }
    if (d.calcRemoveUra) { calc.ura.splice(Number(d.calcRemoveUra), 1); return changedTiles(app); }
    if (d.calcRemoveGari) { calc.gari.splice(Number(d.calcRemoveGari), 1); return changedTiles(app); }
    if (d.calcFlag) { calc.flags[d.calcFlag] = !calc.flags[d.calcFlag]; return changedTiles(app); }
    if (d.calcKita !== undefined) { calc.kita = Number(d.calcKita); return changedTiles(app); }
    if (d.calcFlowers !== undefined) { calc.flowers = Number(d.calcFlowers); return changedTiles(app); }
    if (d.calcClear !== undefined) { app.calcs[calc.seat] = freshCalc(calc.seat); return changedTiles(app); }
    if (d.calcEvaluate !== undefined) return evaluate(app);
    if (d.calcUse !== undefined) return use(app);
  }
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && sheet() && !sheet().hidden) close();
  });

  tenbo.calculator = { render: render, open: open, close: close };
})(window.tenbo = window.tenbo || {});
