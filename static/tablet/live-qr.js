// The tablet's "players' view" button opens the dialog with the QR code; the dialog's own
// form (method="dialog") closes it, and so does Escape or a tap outside the dialog.
(function () {
  var dialog = document.getElementById("live-qr");
  var button = document.querySelector('[data-action="live-qr"]');
  if (!dialog || !button || !dialog.showModal) return;
  button.addEventListener("click", function () {
    dialog.showModal();
  });
  dialog.addEventListener("click", function (event) {
    if (event.target === dialog) dialog.close();
  });
})();
