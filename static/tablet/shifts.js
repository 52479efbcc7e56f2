// The shift receipt's print button: the browser's print dialog (the page prints without its bar).
document.querySelector("[data-print]")?.addEventListener("click", () => window.print());
