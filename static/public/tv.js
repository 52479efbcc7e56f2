// The standings on the parlor's TV: each column (today, this month) shows as many rows as fit
// the screen and turns to its next page every few seconds, "1/3" beside its title; the data
// is fetched again every `refresh` seconds and swapped in without reloading the page.
(() => {
  const board = document.querySelector(".tv");
  if (!board) return;
  const pageMs = Number(board.dataset.pageMs) || 10000;
  const refreshMs = Number(board.dataset.refreshMs) || 60000;
  let turn = 0; // pages turned since the page opened
  let columns = [];

  const overflows = (column) => column.scrollHeight > column.clientHeight + 1;

  // A ranking section is shown only while one of its rows is.
  function syncSections(column) {
    for (const section of column.querySelectorAll("section.standings")) {
      section.hidden = ![...section.querySelectorAll("tbody tr")].some((row) => !row.hidden);
    }
  }

  function show(column, rows, [start, end]) {
    rows.forEach((row, i) => {
      row.hidden = i < start || i >= end;
    });
    syncSections(column);
  }

  // Splits a column's rows into pages that fit its height, at least one row a page.
  function paginate(column) {
    const rows = [...column.querySelectorAll("tbody tr")];
    const pages = [];
    let start = 0;
    while (start < rows.length) {
      let end = start + 1;
      show(column, rows, [start, end]);
      while (end < rows.length) {
        show(column, rows, [start, end + 1]);
        if (overflows(column)) break;
        end += 1;
      }
      pages.push([start, end]);
      start = end;
    }
    return { column, rows, pages: pages.length ? pages : [[0, rows.length]] };
  }

  function render() {
    for (const { column, rows, pages } of columns) {
      const index = turn % pages.length;
      show(column, rows, pages[index]);
      const label = column.querySelector("[data-page-no]");
      label.textContent = pages.length > 1 ? `${index + 1}/${pages.length}` : "";
      column.dataset.pages = pages.length;
      column.dataset.page = index + 1;
    }
  }

  // The largest text (up to twice the base size) at which every column shows all its rows;
  // the base size when even that does not fit (the columns then page).
  function fit() {
    const all = [...board.querySelectorAll(".tv-column")];
    const spills = (column) => overflows(column) || column.scrollWidth > column.clientWidth + 1;
    for (const column of all) show(column, [...column.querySelectorAll("tbody tr")], [0, Infinity]);
    for (let scale = 2; scale > 1; scale -= 0.1) {
      board.style.setProperty("--tv-scale", scale.toFixed(1));
      if (!all.some(spills)) return;
    }
    board.style.setProperty("--tv-scale", "1");
  }

  function layout() {
    fit();
    columns = [...board.querySelectorAll(".tv-column")].map(paginate);
    render();
  }

  async function refresh() {
    try {
      const response = await fetch(window.location.href, { cache: "no-store" });
      if (!response.ok) return;
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      const freshBoard = fresh.querySelector(".tv");
      if (!freshBoard) return;
      board.replaceChildren(...[...freshBoard.childNodes].map((n) => document.importNode(n, true)));
      const day = fresh.querySelector("[data-day]");
      if (day) document.querySelector("[data-day]").textContent = day.textContent;
      board.dataset.refreshed = String(Number(board.dataset.refreshed || 0) + 1);
      layout();
    } catch (error) {
      // The network is away: keep showing the last standings and try again next time.
    }
  }

  layout();
  window.addEventListener("resize", layout);
  window.setInterval(() => {
    turn += 1;
    render();
  }, pageMs);
  window.setInterval(refresh, refreshMs);
})();
