/* tenbo 点棒 — small helpers every tablet script uses: finding elements, the translated
 * strings' placeholders, JSON posts with the CSRF token, and fresh Idempotency-Keys.
 * Plain browser script, no library: it fills window.tenbo.dom.
 */
(function (tenbo) {
  "use strict";

  function $(sel, el) { return (el || document).querySelector(sel); }
  function $$(sel, el) { return Array.prototype.slice.call((el || document).querySelectorAll(sel)); }
  function json(id) { var el = document.getElementById(id); return el ? JSON.parse(el.textContent) : null; }
  function fmt(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }

  function post(url, body, headers) {
    var csrf = $('meta[name="csrf-token"]').getAttribute("content");
    var h = { "Content-Type": "application/json", "X-CSRFToken": csrf, "X-Requested-With": "fetch" };
    Object.keys(headers || {}).forEach(function (k) { h[k] = headers[k]; });
    return fetch(url, { method: "POST", headers: h, body: JSON.stringify(body), credentials: "same-origin" })
      .then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (type.indexOf("application/json") < 0) return { status: response.status, data: null, response: response };
        return response.json().then(function (data) { return { status: response.status, data: data, response: response }; });
      });
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  tenbo.dom = { $: $, $$: $$, json: json, fmt: fmt, post: post, newKey: newKey };
})(window.tenbo = window.tenbo || {});
