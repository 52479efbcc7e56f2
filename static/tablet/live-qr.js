// The tablet's "players' view" button opens the dialog and, the first time, asks the server for
// the QR code and its link (tablet/_live_qr_code.html); the dialog's own form
// (method="dialog") closes it, and so does Escape or a tap outside the dialog.
(function () {
  var dialog = document.getElementById("live-qr");
  var button = document.querySelector('[data-action="live-qr"]');
  if (!dialog || !button || !dialog.showModal) return;
  var box = dialog.querySelector("[data-live-qr-src]");
  var asked = false;
  function load() {
    if (asked || !box) return;
    asked = true;
    fetch(box.dataset.liveQrSrc, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) { box.innerHTML = html; }, function () { asked = false; });
  }
  button.addEventListener("click", function () {
    load();
    dialog.showModal();
  });
  dialog.addEventListener("click", function (event) {
    if (event.target === dialog) dialog.close();
  });
})();
