/* tenbo 点棒 — the floor and the counter's board keep themselves up to date: every few
 * seconds the page asks for its changing part again (If-None-Match: the server answers 304
 * while nothing changed) and swaps it in. Nothing is swapped while a form is being sent, so
 * a tap on 「この面子で開始」 is never lost under a refresh.
 */
(function () {
  "use strict";
  var box = document.querySelector("[data-live]");
  if (!box) return;
  var EVERY_MS = Number(box.dataset.everyMs) || 5000;
  var etag = box.dataset.etag || "";  // the page was drawn with this state
  var sending = false;

  document.addEventListener("submit", function () { sending = true; });

  function refresh() {
    if (sending || document.hidden) return;
    var headers = { "X-Requested-With": "fetch" };
    if (etag) headers["If-None-Match"] = etag;
    fetch(box.dataset.live, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 304 || !response.ok) return null;
        etag = response.headers.get("ETag") || "";
        return response.text();
      })
      .then(function (html) {
        if (html === null || sending) return;
        var fresh = new DOMParser().parseFromString(html, "text/html");
        box.replaceChildren.apply(box, Array.prototype.map.call(
          fresh.body.childNodes, function (node) { return document.importNode(node, true); }));
        box.dataset.refreshed = String(Number(box.dataset.refreshed || 0) + 1);
      })
      .catch(function () { /* the network is away: keep the last view, try again later */ });
  }

  setInterval(refresh, EVERY_MS);
})();
