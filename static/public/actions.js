// Buttons of the public pages that act on the browser (print a receipt, the TV board full
// screen). No inline handlers: the content security policy refuses every inline script.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-action]");
  if (!button) return;
  if (button.dataset.action === "print") window.print();
  if (button.dataset.action === "fullscreen" && document.documentElement.requestFullscreen) {
    document.documentElement.requestFullscreen();
  }
});
