// The players' live view of a table: draws the state the page came with, then asks the server
// for it again every few seconds (public/poll.js): an unchanged game costs a 304.
(() => {
  const root = document.getElementById("live");
  if (!root || !window.publicPoll) return;
  const field = (name) => root.querySelector(`[data-field="${name}"]`);
  const points = (value) => value.toLocaleString("en-US");

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function seatRow(seat, delta) {
    const row = element("li", seat.dealer ? "seat is-dealer" : "seat");
    // Four people on a three-player table: one sits each hand out (抜け番).
    if (seat.out) row.classList.add("sits-out");
    const wind = seat.out ? root.dataset.sitsOut : seat.wind;
    row.append(element("span", "wind", wind), element("span", "name", seat.name));
    const score = element("span", "score", points(seat.score));
    score.dataset.score = seat.score;
    if (delta && delta !== "0") {
      const change = delta.startsWith("-") ? "loss" : "gain";
      score.append(element("span", `delta ${change}`, delta));
    }
    row.append(score);
    return row;
  }

  function paymentRow(payment) {
    const row = element("li");
    row.append(
      element("span", "", `${payment.from} → ${payment.to}`),
      element("span", "", `${payment.amount} (${payment.reason})`),
    );
    return row;
  }

  function draw(state) {
    root.dataset.status = state.status;
    root.dataset.hands = state.hands;
    field("round").textContent = state.round;
    field("honba").textContent = state.honba;
    field("sticks").textContent = state.sticks;
    field("hands").textContent = state.hands;
    field("over").textContent = state.over;
    field("over").hidden = !state.over;
    const deltas = state.last ? state.last.deltas : [];
    field("seats").replaceChildren(...state.seats.map((seat, i) => seatRow(seat, deltas[i])));
    field("last").hidden = !state.last;
    if (state.last) {
      field("last-round").textContent = state.last.round;
      field("payments").replaceChildren(...state.last.payments.map(paymentRow));
    }
  }

  function stop(body) {
    // The link expired (a new seat draw, or too old): say so and stop asking.
    field("error").textContent = body.error.message;
    field("error").hidden = false;
  }

  draw(JSON.parse(document.getElementById("live-payload").textContent));
  window.publicPoll(root, draw, stop);
})();
