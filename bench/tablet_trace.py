"""Where a warm load of the tablet's game page spends its time, at a quarter of the CPU.

The same browser, throttling and server as bench/tablet_taps.py (Chromium at 1280×800, CPU 4×
slower, 40 ms / 10 Mbit/s): the staff signs in, opens table 7's game once to fill the cache,
then opens it again under a Chromium performance trace. Prints, in ms from the navigation's
start: the navigation's own marks (the HTML's answer, DOM interactive, DOMContentLoaded, the
page's ready mark), and the main thread's work in the trace by kind (parse HTML, each script's
evaluation, style, layout, paint), summed, with the scripts named by file.

    python bench/tablet_trace.py [--repo ../other-checkout] [--server serve.sh] [--loads 5]

With --loads N the figures are the medians of N warm loads (one trace each).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tablet_taps import CHROMIUM, HERE, new_page, ready, server, sign_in

CATEGORIES = ",".join(
    (
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8.execute",
        "blink.user_timing",
        "loading",
    )
)
# Main-thread work worth naming, as the trace calls it.
KINDS = {
    "ParseHTML": "parse HTML",
    "EvaluateScript": "evaluate script",
    "v8.compile": "compile script",
    "FunctionCall": "function call (events, timers)",
    "ParseAuthorStyleSheet": "parse stylesheet",
    "UpdateLayoutTree": "style (recalculate)",
    "Layout": "layout",
    "PrePaint": "pre-paint",
    "Paint": "paint",
    "Layerize": "layerize",
    "Commit": "commit",
}
NAVIGATION = """() => {
  const n = performance.getEntriesByType("navigation")[0];
  return {responseStart: n.responseStart, responseEnd: n.responseEnd,
          domInteractive: n.domInteractive, domContentLoaded: n.domContentLoadedEventEnd,
          htmlBytes: n.transferSize, resources: performance.getEntriesByType("resource").length};
}"""


def main_thread(events: list[dict[str, Any]]) -> tuple[int, int]:
    """The renderer's main thread (pid, tid): the thread that parsed the page's HTML."""
    for event in events:
        if event.get("name") == "ParseHTML":
            return event["pid"], event["tid"]
    raise SystemExit("no ParseHTML in the trace")


def label(event: dict[str, Any]) -> str | None:
    name = event["name"]
    if name == "EvaluateScript":
        url = event.get("args", {}).get("data", {}).get("url", "")
        return f"evaluate {url.rsplit('/', 1)[-1].split('.')[0] or '(inline)'}"
    return KINDS.get(name)


def breakdown(trace: bytes) -> dict[str, float]:
    """ms of main-thread work by kind, self time: a layout forced inside a script counts as
    layout, the rest of the script as that script; work of no named kind counts to its
    nearest named parent, or to "other" (the task itself)."""
    events = json.loads(trace)["traceEvents"]
    pid, tid = main_thread(events)
    start = min(e["ts"] for e in events if e.get("name") == "ParseHTML")
    mine = sorted(
        (
            e
            for e in events
            if (e.get("pid"), e.get("tid")) == (pid, tid)
            and e.get("ph") == "X"
            and e["ts"] >= start - 5_000
        ),
        key=lambda e: (e["ts"], -e.get("dur", 0)),
    )
    totals: dict[str, float] = defaultdict(float)
    stack: list[tuple[float, str]] = []  # (end, label) of the open events
    last = start
    for event in mine:
        begin, end = event["ts"], event["ts"] + event.get("dur", 0)
        while stack and stack[-1][0] <= begin:
            stack.pop()
        own = label(event) or (stack[-1][1] if stack else "other (task)")
        if event["name"] == "RunTask":
            totals["main thread busy (all tasks)"] += event.get("dur", 0) / 1000
            own = "other (task)"
        parent = stack[-1][1] if stack else None
        totals[own] += event.get("dur", 0) / 1000
        if parent is not None:
            totals[parent] -= event.get("dur", 0) / 1000
        stack.append((end, own))
        last = max(last, end)
    totals["(trace: first ParseHTML → last event)"] = (last - start) / 1000
    return dict(totals)


def warm_load(browser: Any, page: Any, game: str) -> dict[str, float]:
    browser.start_tracing(page=page, categories=CATEGORIES.split(","))
    loaded = ready(page, game)
    page.wait_for_timeout(300)
    trace = browser.stop_tracing()
    figures = {f"nav: {k}": float(v) for k, v in page.evaluate(NAVIGATION).items()}
    figures["nav: ready (frame after data-ready)"] = loaded
    figures.update(breakdown(trace))
    return figures


def probe(url: str, loads: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    collected: dict[str, list[float]] = defaultdict(list)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        context, page = new_page(browser, url)
        game = sign_in(page)
        ready(page, game)
        for _ in range(loads):
            for key, value in warm_load(browser, page, game).items():
                collected[key].append(value)
        context.close()
        browser.close()
    return collected


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repo", type=Path, default=HERE)
    parser.add_argument("--server", choices=("serve.sh", "gunicorn"), default="serve.sh")
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with (
        tempfile.TemporaryDirectory() as workdir,
        server(args.server, args.repo.resolve(), Path(workdir)) as url,
    ):
        figures = probe(url, args.loads)
    for key in sorted(figures, key=lambda k: (not k.startswith("nav"), k)):
        print(f"  {key:<44} {statistics.median(figures[key]):7.1f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
