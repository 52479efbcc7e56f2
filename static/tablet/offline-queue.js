/* tenbo 点棒 — the offline queue: every confirmed hand is sent once, with its own key.
 *
 * A confirmed hand goes into a queue kept in localStorage with its own Idempotency-Key and is
 * sent from there; while the Wi-Fi is down it stays on the tablet, shown as waiting, and is
 * sent once the network is back. A retry of a hand the server already has gets the first
 * answer back and records nothing new.
 */
(function (tenbo) {
  "use strict";
  var dom = tenbo.dom, $ = dom.$;
  var items = [];
  var storageKey = "";
  var flushing = false;
  var retryTimer = null;

  function stateEl() { return document.getElementById("game-state"); }

  function load(gameId) {
    storageKey = "tenbo:queue:" + gameId;
    try { items = JSON.parse(localStorage.getItem(storageKey) || "[]"); } catch (e) { items = []; }
  }
  function save() {
    if (items.length) localStorage.setItem(storageKey, JSON.stringify(items));
    else localStorage.removeItem(storageKey);
  }
  function length() { return items.length; }
  function serverSequence() { return Number(stateEl().dataset.sequence); }

  // One line for a waiting hand, in the words of the pad.
  function summary(app) {
    var state = app.state, T = app.T, name = tenbo.seats.name;
    var kind = T["kind_" + state.kind] || "";
    var text = kind;
    if (state.kind === "ron") {
      text += " " + state.winners.map(function (w) { return name(w.seat) + " " + w.label; }).join(", ") +
        " " + T.from + " " + name(state.loser);
    } else if (state.kind === "tsumo") {
      text += " " + name(state.winners[0].seat) + " " + state.winners[0].label;
    } else if (state.kind === "draw") {
      text += " " + T.tenpai + ": " + state.tenpai.map(name).join(", ");
    } else if (state.kind === "chombo") {
      text += " " + name(state.offender);
    }
    state.penalties.forEach(function (p) {
      text += " · " + tenbo.seats.penaltyLabel(app, p.kind) + ": " + name(p.seat);
    });
    return text;
  }

  function setOffline(value) {
    tenbo.app.offline = value;
    document.body.classList.toggle("is-offline", value);
    var note = $("#offline-note");
    if (note) note.hidden = !value;
  }

  function button(attr, key, text, className) {
    var b = document.createElement("button");
    b.type = "button";
    if (className) b.className = className;
    b.setAttribute(attr, key);
    b.textContent = text;
    return b;
  }

  function render() {
    var app = tenbo.app, T = app.T;
    var box = $("#queue");
    if (!box) return;
    box.hidden = items.length === 0;
    // Scores and winds on screen are from before the waiting hands: dim them until they are in.
    stateEl().classList.toggle("is-stale", items.length > 0);
    $("#stale-note").hidden = items.length === 0;
    $("#offline-note").hidden = !app.offline;
    var list = $("#queue-list");
    list.innerHTML = "";
    items.forEach(function (item, i) {
      var li = document.createElement("li");
      li.className = "queued" + (item.error ? " is-failed" : "");
      li.dataset.key = item.key;
      li.dataset.sequence = String(item.sequence);
      var head = document.createElement("span");
      head.className = "queued-what";
      head.textContent = dom.fmt(T.hand_no, { number: item.sequence }) + " · " + item.label;
      var status = document.createElement("span");
      status.className = "queued-status";
      status.textContent = item.error ? T.failed + ": " + item.error.message : (flushing && i === 0 ? T.sending : T.pending);
      li.appendChild(head);
      li.appendChild(status);
      if (item.error) {
        li.appendChild(button("data-retry", item.key, T.retry));
        li.appendChild(button("data-discard", item.key, T.discard, "danger"));
      }
      list.appendChild(li);
    });
  }

  function scheduleRetry() {
    if (retryTimer) return;
    retryTimer = setTimeout(function () { retryTimer = null; flush(); }, 2000);
  }

  function flush() {
    var app = tenbo.app, T = app.T;
    if (flushing || !items.length) return Promise.resolve();
    var item = items[0];
    if (item.error) return Promise.resolve();
    flushing = true;
    render();
    return dom.post(app.root.dataset.recordUrl, { sequence: item.sequence, hand: item.hand }, { "Idempotency-Key": item.key })
      .then(function (res) {
        flushing = false;
        if (res.status >= 200 && res.status < 300 && res.data && res.data.ok) {
          items.shift();
          // The next hand's number is known now; the state below brings the rest.
          stateEl().dataset.sequence = String(item.sequence + 1);
          save();
          setOffline(false);
          // Until the state is in the seats still show the scores before this hand.
          document.body.dataset.refreshing = "true";
          var before = tenbo.toast.scores();
          // The answer carries the scores after the hand; an answer without them (a server
          // older than this page) leaves them to a GET of the state.
          var shown = res.data.state ? Promise.resolve(showState(res.data.state)) : refreshState();
          return shown.then(function () {
            delete document.body.dataset.refreshing;
            tenbo.toast.recorded(item.sequence, before);
            render();
            return flush();
          });
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
        save();
        render();
      }, function () {
        // No answer: the network is down, or the answer was lost. Send again later with the
        // same key; the server records the hand once and answers the retry with the first reply.
        flushing = false;
        setOffline(true);
        render();
        scheduleRetry();
      });
  }

  // The scores, winds and round after the hands sent so far (tablet/_state.html).
  function showState(html) {
    var app = tenbo.app;
    var holder = document.createElement("div");
    holder.innerHTML = html.trim();
    var next = holder.firstElementChild;
    if (!next || next.id !== "game-state") return;
    stateEl().replaceWith(next);
    tenbo.undo.sync();  // the header's undo names the hand that is last now
    tenbo.voidMenu.sync();  // and its void asks for a manager once the game has hands
    var note = $("[data-seated-note]");
    if (note && Number(next.dataset.sequence) > 1) note.remove();
    if (!tenbo.hand.isComplete(app.state) && app.state.kind === null) app.state.sitOut = app.defaultSitOut();
    tenbo.pad.render(app);
    if (next.dataset.status !== "in_progress" && !items.length) {
      window.location.assign(next.dataset.resultUrl);
    }
  }

  function refreshState() {
    var app = tenbo.app;
    return fetch(app.root.dataset.stateUrl, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.text(); })
      .then(showState, function () { setOffline(true); });
  }

  function add(app, entry) {
    items.push({
      key: dom.newKey(),
      sequence: serverSequence() + items.length,
      hand: entry,
      label: summary(app),
      at: new Date().toISOString()
    });
    save();
    render();
    flush();
  }

  function retry(key) {
    items.forEach(function (item) { if (item.key === key) delete item.error; });
    save();
    render();
    return flush();
  }

  function discard(key) {
    items = items.filter(function (item) { return item.key !== key; });
    save();
    render();
    return flush();
  }

  tenbo.queue = {
    load: load, length: length, add: add, flush: flush, render: render, retry: retry,
    discard: discard, setOffline: setOffline
  };
})(window.tenbo = window.tenbo || {});
