/* tenbo 点棒 — the header's menus (取消, 終了, ...): one open at a time. Opening one closes the
 * others; a tap outside an open menu or Escape closes it, so a confirm button is never left
 * open under another menu. Every tablet page loads this.
 */
(function () {
  "use strict";
  function menus() { return Array.prototype.slice.call(document.querySelectorAll("details.menu")); }

  function closeAll(except) {
    menus().forEach(function (menu) { if (menu !== except && menu.open) menu.open = false; });
  }

  document.addEventListener("toggle", function (event) {
    var menu = event.target;
    if (menu.matches && menu.matches("details.menu") && menu.open) closeAll(menu);
  }, true);
  // At the tap itself, not on the toggle event that follows a moment later.
  document.addEventListener("click", function (event) {
    closeAll(event.target.closest("details.menu"));
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") closeAll(null);
  });
})();
