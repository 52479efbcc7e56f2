/* tenbo 点棒 — the staff tablet's hand-entry pad and its offline queue.
 *
 * The pad builds one hand in the tenbo-game/1 format from taps; the server works out the
 * payments (preview) and records the hand. Every hand goes through a queue kept in
 * localStorage with its own Idempotency-Key, so a hand entered while the Wi-Fi is down is
 * kept on the tablet, shown as waiting, and sent once the network is back; a retry of a hand
 * the server already has gets the first answer back and records nothing new.
 * No library, no build step.
 */
(function () {
  "use strict";

  var root = document.getElementById("tablet");
  if (!root) return;

  function $(sel, el) { return (el || document).querySelector(sel); }
  function $$(sel, el) { return Array.prototype.slice.call((el || document).querySelectorAll(sel)); }
  function json(id) { var el = document.getElementById(id); return el ? JSON.parse(el.textContent) : null; }
  function fmt(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }

  var cfg = json("pad-config");
  var T = json("tablet-strings");
  var csrf = $('meta[name="csrf-token"]').getAttribute("content");
  var mode = root.dataset.mode;  // "record" or "correct"
  var gameId = root.dataset.game;
  var queueKey = "tenbo:queue:" + gameId;

  // ---- the hand being entered ------------------------------------------------------------
  var state;
  var previewOk = false;
  var offline = false;
  var previewSeq = 0;
  var previewTimer = null;

  function stateEl() { return document.getElementById("game-state"); }
  function defaultSitOut() {
    var raw = stateEl() ? stateEl().dataset.sitOut : "";
    return raw === "" || raw === undefined ? null : Number(raw);
  }
  function fresh() {
    return {
      kind: null, winners: [], loser: null, active: 0, tenpai: [], nagashi: [],
      reason: null, offender: null, riichi: {}, dice: null, sitOut: defaultSitOut(),
      stop: false, pick: null, editing: false
    };
  }
  function newWin(seat) { return { seat: seat, value: null, label: "", pao: null, chips: 0 }; }
  function winnerIndex(seat) {
    for (var i = 0; i < state.winners.length; i++) if (state.winners[i].seat === seat) return i;
    return -1;
  }
  function activeWinner() { return state.winners[state.active] || null; }
  function toggle(list, seat) {
    var i = list.indexOf(seat);
    if (i >= 0) list.splice(i, 1); else list.push(seat);
  }
  function seatName(seat) {
    var el = $('.seat[data-seat="' + seat + '"]');
    return el ? el.dataset.name : "?";
  }
  function sorted(list) { return list.slice().sort(function (a, b) { return a - b; }); }

  // Riichi per seat: off → riichi → open riichi (where the ruleset has it) → cancelled
  // (where the ruleset has a cancel fee) → off.
  var riichiCycle = ["off", "riichi"];
  if (cfg.open_riichi) riichiCycle.push("open");
  if (cfg.riichi_cancel) riichiCycle.push("cancelled");

  function isComplete() {
    switch (state.kind) {
      case "ron":
        return state.loser !== null && state.winners.length > 0 &&
          state.winners.every(function (w) { return w.value !== null; });
      case "tsumo": return state.winners.length === 1 && state.winners[0].value !== null;
      case "draw": return true;
      case "abortive": return state.reason !== null;
      case "chombo": return state.offender !== null;
      default: return false;
    }
  }

  function winEntry(w) {
    var win = { winner: w.seat };
    Object.keys(w.value).forEach(function (k) { win[k] = w.value[k]; });
    if (w.pao !== null) win.pao = w.pao;
    if (w.chips) win.chips = w.chips;
    return win;
  }

  function buildEntry() {
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
    if (state.kind === "ron") {
      entry.result = { kind: "ron", loser: state.loser, wins: state.winners.map(winEntry) };
    } else if (state.kind === "tsumo") {
      entry.result = { kind: "tsumo", win: winEntry(state.winners[0]) };
    } else if (state.kind === "draw") {
      entry.result = { kind: "draw", tenpai: sorted(state.tenpai) };
      if (state.nagashi.length) entry.result.nagashi = sorted(state.nagashi);
    } else if (state.kind === "abortive") {
      entry.result = { kind: "abortive", reason: state.reason };
    } else if (state.kind === "chombo") {
      entry.result = { kind: "chombo", offender: state.offender };
    }
    if (state.stop) entry.stop = true;
    return entry;
  }

  function loadEntry(entry) {
    var result = entry.result || {};
    state = fresh();
    (entry.riichi || []).forEach(function (s) { state.riichi[s] = "riichi"; });
    (entry.open_riichi || []).forEach(function (s) { state.riichi[s] = "open"; });
    (entry.riichi_cancelled || []).forEach(function (s) { state.riichi[s] = "cancelled"; });
    if (entry.sit_out !== undefined) state.sitOut = entry.sit_out;
    if (entry.dice) state.dice = entry.dice;
    state.stop = !!entry.stop;
    state.kind = result.kind || null;
    function fromWin(win) {
      var w = newWin(win.winner), value = {};
      ["han", "fu", "yakuman", "points"].forEach(function (k) { if (win[k] !== undefined) value[k] = win[k]; });
      w.value = value;
      w.label = valueLabel(value);
      if (win.pao !== undefined) w.pao = win.pao;
      if (win.chips) w.chips = win.chips;
      return w;
    }
    if (result.kind === "ron") { state.loser = result.loser; state.winners = result.wins.map(fromWin); }
    if (result.kind === "tsumo") state.winners = [fromWin(result.win)];
    if (result.kind === "draw") { state.tenpai = (result.tenpai || []).slice(); state.nagashi = (result.nagashi || []).slice(); }
    if (result.kind === "abortive") state.reason = result.reason;
    if (result.kind === "chombo") state.offender = result.offender;
  }

  function valueLabel(value) {
    var cells = $$("#value-panel .cell");
    for (var i = 0; i < cells.length; i++) {
      if (sameValue(cellValue(cells[i]), value)) return cells[i].dataset.label;
    }
    if (Array.isArray(value.yakuman)) {
      return value.yakuman.map(function (code) {
        var b = $('[data-yakuman-name="' + code + '"]');
        return b ? b.dataset.label : code;
      }).join(" ");
    }
    if (value.points !== undefined) return String(value.points);
    return "";
  }
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

  // ---- taps --------------------------------------------------------------------------------
  function tapSeat(seat) {
    if (cfg.has_sit_out && seat === state.sitOut) return;
    var w = activeWinner();
    if (state.pick === "pao") {
      if (w && seat !== w.seat) w.pao = w.pao === seat ? null : seat;
      state.pick = null;
      return changed();
    }
    if (state.pick === "add") {
      if (winnerIndex(seat) < 0 && seat !== state.loser && state.winners.length < cfg.max_winners) {
        state.winners.push(newWin(seat));
        state.active = state.winners.length - 1;
      }
      state.pick = null;
      return changed();
    }
    if (state.pick === "nagashi") {
      toggle(state.nagashi, seat);
      state.pick = null;
      return changed();
    }
    var i = winnerIndex(seat);
    switch (state.kind) {
      case null:
        state.kind = "win";
        state.winners = [newWin(seat)];
        state.active = 0;
        break;
      case "win":
        if (i >= 0) { state.kind = null; state.winners = []; }
        else { state.kind = "ron"; state.loser = seat; }
        break;
      case "ron":
        if (state.winners.length === 0) { state.winners = [newWin(seat)]; state.active = 0; }
        else if (i >= 0) {
          if (i === state.active) { state.winners.splice(i, 1); state.active = firstWithout(); }
          else state.active = i;
        } else state.loser = state.loser === seat ? null : seat;
        break;
      case "tsumo":
        if (i >= 0) state.winners = [];
        else if (state.winners.length) state.winners[0].seat = seat;
        else state.winners = [newWin(seat)];
        state.active = 0;
        break;
      case "draw": toggle(state.tenpai, seat); break;
      case "chombo": state.offender = state.offender === seat ? null : seat; break;
      default: break;
    }
    changed();
  }

  function firstWithout() {
    for (var i = 0; i < state.winners.length; i++) if (state.winners[i].value === null) return i;
    return Math.max(0, state.winners.length - 1);
  }

  function tapKind(kind) {
    var first = state.winners[0] || null;
    if (state.kind === kind) { state = Object.assign(fresh(), { riichi: state.riichi, dice: state.dice, sitOut: state.sitOut }); return changed(); }
    var keep = { riichi: state.riichi, dice: state.dice, sitOut: state.sitOut };
    if (kind === "ron" && (state.kind === "win" || state.kind === "tsumo")) {
      state.kind = "ron"; state.pick = null;
    } else if (kind === "tsumo" && (state.kind === "win" || state.kind === "ron")) {
      state.kind = "tsumo"; state.loser = null; state.pick = null;
      state.winners = first ? [first] : []; state.active = 0;
    } else {
      state = Object.assign(fresh(), keep);
      state.kind = kind;
    }
    changed();
  }

  function tapValue(cell) {
    var w = activeWinner();
    if (!w) return;
    var d = cell.dataset;
    if (d.yakumanName) {
      // Several names may be tapped: the panel stays open until another value is chosen.
      var names = Array.isArray(w.value && w.value.yakuman) ? w.value.yakuman.slice() : [];
      toggle(names, d.yakumanName);
      w.value = names.length ? { yakuman: names } : null;
      state.editing = true;
    } else {
      w.value = cellValue(cell);
      // A yakuman may carry pao: keep the panel (and its 包 button) open.
      state.editing = !!cfg.pao && w.value.yakuman !== undefined;
    }
    if (w.value && w.value.yakuman === undefined) w.pao = null;
    w.label = w.value ? valueLabel(w.value) : "";
    if (!d.yakumanName) state.active = firstWithout();
    changed();
  }

  function tapRiichi(seat) {
    var now = state.riichi[seat] || "off";
    state.riichi[seat] = riichiCycle[(riichiCycle.indexOf(now) + 1) % riichiCycle.length];
    changed();
  }

  // ---- drawing the pad -----------------------------------------------------------------------
  function roleOf(seat) {
    var roles = [];
    if (cfg.has_sit_out && seat === state.sitOut) roles.push(T.role_sits_out);
    if (winnerIndex(seat) >= 0) roles.push(T.role_winner);
    if (seat === state.loser) roles.push(T.role_loser);
    if (state.kind === "draw" && state.tenpai.indexOf(seat) >= 0) roles.push(T.role_tenpai);
    if (state.nagashi.indexOf(seat) >= 0) roles.push(T.role_nagashi);
    if (seat === state.offender) roles.push(T.role_offender);
    state.winners.forEach(function (w) { if (w.pao === seat) roles.push(T.role_pao); });
    return roles.join(" · ");
  }

  function prompt() {
    var w = activeWinner();
    if (state.pick === "pao") return T.prompt_pao;
    if (state.pick === "add") return T.prompt_add_winner;
    if (state.pick === "nagashi") return T.prompt_nagashi;
    switch (state.kind) {
      case null: return T.prompt_start;
      case "win": return w && w.value === null ? T.prompt_win : T.prompt_win;
      case "ron":
        if (!state.winners.length) return T.prompt_winner;
        if (state.loser === null) return T.prompt_loser;
        if (w && w.value === null) return fmt(T.prompt_value, { name: seatName(w.seat) });
        return T.prompt_check;
      case "tsumo":
        if (!state.winners.length) return T.prompt_winner;
        if (w.value === null) return fmt(T.prompt_value, { name: seatName(w.seat) });
        return T.prompt_check;
      case "draw": return T.prompt_tenpai;
      case "abortive": return state.reason ? T.prompt_check : T.prompt_reason;
      case "chombo": return state.offender === null ? T.prompt_offender : T.prompt_check;
      default: return "";
    }
  }

  function render() {
    $$(".seat[data-seat]").forEach(function (el) {
      var seat = Number(el.dataset.seat);
      el.classList.toggle("is-winner", winnerIndex(seat) >= 0);
      el.classList.toggle("is-active", !!activeWinner() && activeWinner().seat === seat && state.winners.length > 1);
      el.classList.toggle("is-loser", seat === state.loser);
      el.classList.toggle("is-tenpai", state.kind === "draw" && state.tenpai.indexOf(seat) >= 0);
      el.classList.toggle("is-offender", seat === state.offender);
      el.classList.toggle("sits-out", cfg.has_sit_out && seat === state.sitOut);
      $("[data-role]", el).textContent = roleOf(seat);
    });
    $$("[data-riichi]").forEach(function (b) {
      var how = state.riichi[b.dataset.riichi] || "off";
      b.setAttribute("aria-pressed", how === "off" ? "false" : "true");
      b.dataset.how = how;
      b.textContent = { off: T.riichi, riichi: T.riichi, open: T.riichi_open, cancelled: T.riichi_cancelled }[how];
    });
    $$("[data-kind]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.kind === state.kind));
    });
    $("#prompt").textContent = prompt();

    var winning = state.kind === "ron" || state.kind === "tsumo" || state.kind === "win";
    var w = activeWinner();
    var panel = $("#value-panel");
    panel.hidden = !(winning && w && (w.value === null || state.editing || !isComplete()));
    if (w) $("#value-title").textContent = fmt(T.prompt_value, { name: seatName(w.seat) });
    $$("#value-panel .cell").forEach(function (cell) {
      var ok = state.kind === "ron" ? cell.dataset.ron === "1"
        : state.kind === "tsumo" ? cell.dataset.tsumo === "1"
        : cell.dataset.ron === "1" || cell.dataset.tsumo === "1";
      cell.disabled = !ok;
      var selected = !!w && !!w.value && (cell.dataset.yakumanName
        ? Array.isArray(w.value.yakuman) && w.value.yakuman.indexOf(cell.dataset.yakumanName) >= 0
        : sameValue(cellValue(cell), w.value));
      cell.setAttribute("aria-pressed", String(selected));
    });
    var pao = $("#pao-button");
    if (pao) {
      pao.hidden = !(w && w.value && w.value.yakuman !== undefined);
      pao.setAttribute("aria-pressed", String(state.pick === "pao" || (!!w && w.pao !== null)));
    }
    $$("[data-chips]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(!!w && Number(b.dataset.chips) === (w.chips || 0)));
    });

    var list = $("#winner-list");
    var showWinners = (state.kind === "ron" || state.kind === "tsumo") && state.winners.length > 0;
    $("#winners").hidden = !showWinners;
    list.innerHTML = "";
    state.winners.forEach(function (win, i) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "winner-chip";
      b.dataset.winnerIndex = String(i);
      b.setAttribute("aria-pressed", String(i === state.active && (state.editing || win.value === null)));
      b.textContent = seatName(win.seat) + " · " + (win.label || T.value_missing);
      list.appendChild(b);
    });
    $("#add-winner").hidden = !(state.kind === "ron" && state.loser !== null && state.winners.length < cfg.max_winners);
    $("#add-winner").setAttribute("aria-pressed", String(state.pick === "add"));

    $("#draw-options").hidden = state.kind !== "draw" || !cfg.nagashi;
    $$('[data-pick="nagashi"]').forEach(function (b) { b.setAttribute("aria-pressed", String(state.pick === "nagashi")); });
    $("#abortive-options").hidden = state.kind !== "abortive";
    $$("[data-abortive]").forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.abortive === state.reason)); });
    $$("[data-dice]").forEach(function (b) { b.setAttribute("aria-pressed", String(Number(b.dataset.dice) === state.dice)); });
    $$("[data-sit-out]").forEach(function (b) { b.setAttribute("aria-pressed", String(Number(b.dataset.sitOut) === state.sitOut)); });
    $("#stop").checked = state.stop;

    var confirm = $("#confirm");
    confirm.disabled = !(isComplete() && (previewOk || (offline && mode === "record")));
    confirm.textContent = mode === "correct" ? T.confirm_correction : (offline && !previewOk ? T.confirm_offline : T.confirm);
  }

  // ---- preview ---------------------------------------------------------------------------
  function clearErrors() {
    $$("[data-error]").forEach(function (el) { el.hidden = true; el.textContent = ""; });
    var detail = $("[data-error-detail]");
    detail.hidden = true;
    detail.textContent = "";
  }
  function showError(error) {
    var area = $('[data-error="' + (error.area || "general") + '"]') || $('[data-error="general"]');
    area.textContent = error.message;
    area.hidden = false;
    if (error.area === "value") { state.editing = true; render(); }
    if (error.detail) {
      var detail = $("[data-error-detail]");
      detail.textContent = error.detail;
      detail.hidden = false;
    }
  }

  function changed() {
    previewOk = false;
    clearErrors();
    $("#stop-option").hidden = !state.stop;
    if (!isComplete()) {
      clearTimeout(previewTimer);
      previewSeq++;  // an answer still on its way is for an entry that no longer stands
      $("#preview").innerHTML = "";
    }
    render();
    if (isComplete()) schedulePreview();
  }

  function schedulePreview() {
    clearTimeout(previewTimer);
    $("#preview").innerHTML = '<p class="working">' + T.checking + "</p>";
    previewTimer = setTimeout(requestPreview, 120);
  }

  function requestPreview() {
    if (!isComplete()) return;
    var token = ++previewSeq;
    var body = { hand: buildEntry() };
    if (mode === "correct") body.correct = Number(root.dataset.correct);
    post(root.dataset.previewUrl, body).then(function (res) {
      if (token !== previewSeq) return;
      offline = false;
      setOffline(false);
      if (res.data && res.data.ok) {
        previewOk = true;
        $("#preview").innerHTML = res.data.html;
        $("#stop-option").hidden = !res.data.can_stop;
      } else {
        $("#preview").innerHTML = "";
        showError((res.data && res.data.error) || { message: T.server_error, area: "general" });
      }
      render();
    }, function () {
      if (token !== previewSeq) return;
      setOffline(true);
      $("#preview").innerHTML = '<p class="offline" data-offline-preview>' + T.offline_preview + "</p>";
      render();
    });
  }

  function post(url, body, headers) {
    var h = { "Content-Type": "application/json", "X-CSRFToken": csrf, "X-Requested-With": "fetch" };
    Object.keys(headers || {}).forEach(function (k) { h[k] = headers[k]; });
    return fetch(url, { method: "POST", headers: h, body: JSON.stringify(body), credentials: "same-origin" })
      .then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (type.indexOf("application/json") < 0) return { status: response.status, data: null, response: response };
        return response.json().then(function (data) { return { status: response.status, data: data, response: response }; });
      });
  }

  // ---- the queue: every hand is sent once, with its own key --------------------------------
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  function loadQueue() {
    try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; }
  }
  var queue = mode === "record" ? loadQueue() : [];
  function saveQueue() {
    if (queue.length) localStorage.setItem(queueKey, JSON.stringify(queue));
    else localStorage.removeItem(queueKey);
  }
  function serverSequence() { return Number(stateEl().dataset.sequence); }

  function summary() {
    var kind = T["kind_" + state.kind] || "";
    if (state.kind === "ron") {
      return kind + " " + state.winners.map(function (w) { return seatName(w.seat) + " " + w.label; }).join(", ") +
        " " + T.from + " " + seatName(state.loser);
    }
    if (state.kind === "tsumo") return kind + " " + seatName(state.winners[0].seat) + " " + state.winners[0].label;
    if (state.kind === "draw") return kind + " " + T.tenpai + ": " + state.tenpai.map(seatName).join(", ");
    if (state.kind === "chombo") return kind + " " + seatName(state.offender);
    return kind;
  }

  function renderQueue() {
    var box = $("#queue");
    if (!box) return;
    box.hidden = queue.length === 0;
    // Scores and winds on screen are from before the waiting hands: dim them until they are in.
    stateEl().classList.toggle("is-stale", queue.length > 0);
    $("#stale-note").hidden = queue.length === 0;
    $("#offline-note").hidden = !offline;
    var list = $("#queue-list");
    list.innerHTML = "";
    queue.forEach(function (item, i) {
      var li = document.createElement("li");
      li.className = "queued" + (item.error ? " is-failed" : "");
      li.dataset.key = item.key;
      li.dataset.sequence = String(item.sequence);
      var head = document.createElement("span");
      head.className = "queued-what";
      head.textContent = fmt(T.hand_no, { number: item.sequence }) + " · " + item.label;
      var status = document.createElement("span");
      status.className = "queued-status";
      status.textContent = item.error ? T.failed + ": " + item.error.message : (flushing && i === 0 ? T.sending : T.pending);
      li.appendChild(head);
      li.appendChild(status);
      if (item.error) {
        var retry = document.createElement("button");
        retry.type = "button";
        retry.dataset.retry = item.key;
        retry.textContent = T.retry;
        li.appendChild(retry);
        var discard = document.createElement("button");
        discard.type = "button";
        discard.className = "danger";
        discard.dataset.discard = item.key;
        discard.textContent = T.discard;
        li.appendChild(discard);
      }
      list.appendChild(li);
    });
  }

  function setOffline(value) {
    offline = value;
    document.body.classList.toggle("is-offline", value);
    var note = $("#offline-note");
    if (note) note.hidden = !value;
  }

  var flushing = false;
  var retryTimer = null;
  function scheduleRetry() {
    if (retryTimer) return;
    retryTimer = setTimeout(function () { retryTimer = null; flush(); }, 2000);
  }

  function flush() {
    if (flushing || !queue.length) return Promise.resolve();
    var item = queue[0];
    if (item.error) return Promise.resolve();
    flushing = true;
    renderQueue();
    return post(root.dataset.recordUrl, { sequence: item.sequence, hand: item.hand }, { "Idempotency-Key": item.key })
      .then(function (res) {
        flushing = false;
        if (res.status >= 200 && res.status < 300 && res.data && res.data.ok) {
          queue.shift();
          // The next hand's number is known now; the refresh below brings the rest.
          stateEl().dataset.sequence = String(item.sequence + 1);
          saveQueue();
          setOffline(false);
          return refreshState().then(function () { renderQueue(); return flush(); });
        }
        if (!res.data) {
          // A login page or a proxy's error page instead of our JSON.
          item.error = { message: res.status >= 500 ? T.server_error : T.signed_out };
          if (res.status >= 500) { delete item.error; scheduleRetry(); }
        } else if (res.status >= 500) {
          scheduleRetry();
        } else {
          item.error = res.data.error;
        }
        saveQueue();
        renderQueue();
      }, function () {
        // No answer: the network is down, or the answer was lost. Send again later with the
        // same key; the server records the hand once and answers the retry with the first reply.
        flushing = false;
        setOffline(true);
        renderQueue();
        scheduleRetry();
      });
  }

  function refreshState() {
    return fetch(root.dataset.stateUrl, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html.trim();
        var next = holder.firstElementChild;
        if (!next || next.id !== "game-state") return;
        stateEl().replaceWith(next);
        var note = $("[data-seated-note]");
        if (note && Number(next.dataset.sequence) > 1) note.remove();
        if (!isComplete() && state.kind === null) state.sitOut = defaultSitOut();
        render();
        if (next.dataset.status !== "in_progress" && !queue.length) {
          window.location.assign(next.dataset.resultUrl);
        }
      }, function () { setOffline(true); });
  }

  function confirmHand() {
    if (!isComplete()) return;
    var entry = buildEntry();
    if (mode === "correct") return confirmCorrection(entry);
    queue.push({
      key: newKey(),
      sequence: serverSequence() + queue.length,
      hand: entry,
      label: summary(),
      at: new Date().toISOString()
    });
    saveQueue();
    resetPad();
    renderQueue();
    flush();
  }

  var correctionKey = newKey();
  function confirmCorrection(entry) {
    var reason = $("#reason").value.trim();
    if (!reason) {
      showError({ message: T.reason_required, area: "reason" });
      $("#reason").focus();
      return;
    }
    $("#confirm").disabled = true;
    post(root.dataset.correctUrl, { hand: entry, reason: reason }, { "Idempotency-Key": correctionKey })
      .then(function (res) {
        if (res.data && res.data.ok) { window.location.assign(res.data.redirect); return; }
        showError((res.data && res.data.error) || { message: T.server_error, area: "general" });
        render();
      }, function () {
        setOffline(true);
        showError({ message: T.offline_preview, area: "general" });
        render();
      });
  }

  function resetPad() {
    state = fresh();
    previewOk = false;
    clearErrors();
    $("#preview").innerHTML = "";
    $("#stop-option").hidden = true;
    render();
  }

  // ---- wiring -------------------------------------------------------------------------------
  root.addEventListener("click", function (event) {
    var el = event.target.closest("button, [data-action]");
    if (!el || el.disabled) return;
    var d = el.dataset;
    if (d.seat !== undefined && el.classList.contains("seat")) return tapSeat(Number(d.seat));
    if (d.riichi !== undefined) return tapRiichi(Number(d.riichi));
    if (d.kind) return tapKind(d.kind);
    if (el.classList.contains("cell")) return tapValue(el);
    if (d.winnerIndex !== undefined) { state.active = Number(d.winnerIndex); state.editing = true; return render(); }
    if (el.id === "add-winner") { state.pick = state.pick === "add" ? null : "add"; return render(); }
    if (d.pick) { state.pick = state.pick === d.pick ? null : d.pick; return render(); }
    if (d.abortive) { state.reason = d.abortive; return changed(); }
    if (d.dice) { state.dice = state.dice === Number(d.dice) ? null : Number(d.dice); return changed(); }
    if (d.sitOut !== undefined && !el.classList.contains("seat")) { state.sitOut = Number(d.sitOut); return changed(); }
    if (d.chips !== undefined) { var w = activeWinner(); if (w) { w.chips = Number(d.chips); } return changed(); }
    if (d.retry) {
      queue.forEach(function (item) { if (item.key === d.retry) delete item.error; });
      saveQueue();
      renderQueue();
      return flush();
    }
    if (d.discard) {
      queue = queue.filter(function (item) { return item.key !== d.discard; });
      saveQueue();
      renderQueue();
      return flush();
    }
    if (el.id === "confirm") return confirmHand();
    if (el.id === "clear") return resetPad();
  });
  $("#stop").addEventListener("change", function (event) { state.stop = event.target.checked; changed(); $("#stop-option").hidden = false; });
  var pointsInput = $("#points-input");
  if (pointsInput) {
    pointsInput.addEventListener("change", function () {
      var w = activeWinner();
      var n = parseInt(pointsInput.value, 10);
      if (!w || !(n > 0)) return;
      w.value = { points: n };
      w.label = String(n);
      state.active = firstWithout();
      changed();
    });
  }
  window.addEventListener("online", function () { setOffline(false); flush(); });
  window.addEventListener("offline", function () { setOffline(true); renderQueue(); });

  var initial = json("initial-entry");
  if (initial) { loadEntry(initial); } else { state = fresh(); }
  setOffline(navigator.onLine === false);
  render();
  if (initial) changed();
  renderQueue();
  flush();
  document.body.dataset.ready = "true";
})();
