/* tenbo 点棒 — a tournament round's clock on the game page (大会のタイマー): counts the minutes
 * down from what the server said when the page was drawn, and once they run out shows the
 * time-up sentence the server wrote beside it (the event's rule, in the tablet's language).
 * A paused clock does not count. The server's clock stays the truth: the page drawn again
 * (after a hand, or a reload) starts from it.
 */
(function () {
  "use strict";
  var clock = document.querySelector("[data-event-clock]");
  if (!clock || clock.hasAttribute("data-time-up") || clock.hasAttribute("data-paused")) return;
  var left = clock.querySelector("[data-minutes-left]");
  var upText = clock.querySelector("[data-time-up-text]");
  var endsAt = Date.now() + Number(clock.dataset.eventClock) * 1000;

  function tick() {
    var seconds = Math.round((endsAt - Date.now()) / 1000);
    if (seconds <= 0) {
      clock.setAttribute("data-time-up", "");
      clock.classList.remove("msg-info");
      clock.classList.add("msg-error");
      if (left) left.hidden = true;
      if (upText) upText.hidden = false;
      return;
    }
    if (left) left.querySelector("[data-minutes]").textContent = String(Math.ceil(seconds / 60));
    window.setTimeout(tick, 1000);
  }
  tick();
})();
