// The guest's phone: shows where the guest stands and asks the server again every few
// seconds (public/poll.js); stops for good when the link ends (check-out).
(() => {
  const root = document.getElementById("guest");
  if (!root || !window.publicPoll) return;
  const field = (name) => root.querySelector(`[data-field="${name}"]`);

  function draw(state) {
    root.dataset.state = state.state;
    field("name").textContent = state.name;
    field("headline").textContent = state.headline;
    field("lines").replaceChildren(
      ...state.lines.map((text) => {
        const item = document.createElement("li");
        item.textContent = text;
        return item;
      }),
    );
  }

  function stop(body) {
    root.dataset.state = "ended";
    field("error").textContent = body.error.message;
    field("error").hidden = false;
  }

  window.publicPoll(root, draw, stop);
})();
