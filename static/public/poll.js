// Polling for the public pages that update by themselves (the live view, the guest's phone):
// asks root.dataset.stateUrl every root.dataset.pollMs, lets the browser revalidate with the
// ETag (an unchanged answer costs a 304), pauses while the screen is hidden, shows
// [data-field="offline"] while the server cannot be reached, and stops for good on an error
// answer (the link ended), handing its body to `stop`.
window.publicPoll = (root, draw, stop) => {
  const offline = root.querySelector('[data-field="offline"]');
  const pollMs = Number(root.dataset.pollMs) || 5000;
  let timer = null;
  let stopped = false;
  let busy = false; // a request is on its way

  function schedule() {
    if (!stopped && !document.hidden) timer = window.setTimeout(poll, pollMs);
  }

  async function poll() {
    timer = null;
    busy = true;
    try {
      const response = await fetch(root.dataset.stateUrl, {
        cache: "no-cache",
        headers: { Accept: "application/json" },
      });
      offline.hidden = true;
      if (response.status !== 304) {
        const body = await response.json();
        if (!response.ok) {
          stopped = true;
          stop(body);
          return;
        }
        draw(body);
      }
    } catch (error) {
      offline.hidden = false;
    } finally {
      busy = false;
    }
    schedule();
  }

  document.addEventListener("visibilitychange", () => {
    if (document.hidden && timer) {
      window.clearTimeout(timer);
      timer = null;
    } else if (!document.hidden && !timer && !busy && !stopped) {
      poll();
    }
  });

  schedule();
};
