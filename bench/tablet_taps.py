"""How fast the staff tablet answers a tap, in Chromium throttled like a cheap tablet on Wi-Fi.

Playwright drives Debian's Chromium (/usr/bin/chromium) at 1280×800 with the CPU slowed 4×
(CDP Emulation.setCPUThrottlingRate) and the network at 40 ms / 10 Mbit/s each way (CDP
Network.emulateNetworkConditions), against the demo parlor's game at table 7 (`standard`),
served two ways from the checkout given (this one by default):

- serve.sh: `bash scripts/serve.sh PORT` as a new user runs it (SQLite in a temporary file,
  Celery eager);
- gunicorn: the production set-up of docs/service.md (DEBUG off, `collectstatic`, PostgreSQL
  database tenbo_tablet29 dropped and made again, Celery eager), 2 sync workers.

Each round, on one page: the game page is opened again (warm: the browser's cache is full),
the dealer's seat and the next seat are tapped (ron), then a 1翻30符 cell: **tap → payments
painted** is from that tap's event to the frame after the payments are in the page; then
確定: **確定 → banner** is from the tap to the frame after the banner with the new scores shows.
The hand is then undone (the tablet's own undo, not timed), so every round plays the same
hand. **Cold page ready** opens the game in a new browser context (empty cache, the session
cookie only); "ready" is the page's own mark (body[data-ready]) from the navigation's start.

Run from the repository root, with PostgreSQL on 127.0.0.1 (user postgres, trust):

    python bench/tablet_taps.py [--rounds 20] [--cold 10] [--repo ../other-checkout]
        [--server serve.sh --server gunicorn]

Prints p50/p95 of each figure per server, and the machine's load average (other work on the
machine makes the figures noisy: look at `uptime` first).
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CPU_SLOWDOWN = 4
NETWORK = {
    "offline": False,
    "latency": 40,  # ms, added to every request
    "downloadThroughput": 10_000_000 / 8,  # bytes a second
    "uploadThroughput": 10_000_000 / 8,
}
PG = "postgres://postgres@127.0.0.1:5432"
DATABASE = "tenbo_tablet29"
STAFF = ("staff", "tenbo-staff-demo")
TABLE = "7"  # the demo's `standard` table, mid-game
CELL = '.cell[data-han="1"][data-fu="30"]'

# In every page: when the last tap happened, when the payments, the banner and the page's
# ready mark came, each at the frame after (requestAnimationFrame: what the screen shows). The
# ready mark is also logged to the console, where the benchmark waits for it: waiting in the page
# (wait_for_function) would run Playwright's own script in it while it loads, 40 to 60 ms of a
# quarter of the CPU counted as the page's.
MARKS = """
(() => {
  const t = window.__marks = {};
  const frame = (key) => requestAnimationFrame(() => {
    t[key] = performance.now();
    if (key === "ready") console.log("tenbo-bench: ready");
  });
  document.addEventListener("click", (e) => { t.click = e.timeStamp; }, true);
  new MutationObserver(() => {
    const body = document.body;
    if (!body) return;
    if (!t.readyAt && body.dataset.ready === "true") { t.readyAt = 1; frame("ready"); }
    if (t.click && !t.previewAt && document.querySelector("#preview [data-preview]")) {
      t.previewAt = 1; frame("preview");
    }
    const toast = document.querySelector("#toast");
    if (t.click && !t.toastAt && toast && !toast.hidden) { t.toastAt = 1; frame("toast"); }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_up(url: str, server: subprocess.Popen[str], seconds: float = 400) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with {server.returncode}")
        try:
            with urllib.request.urlopen(url + "/tablet/login/", timeout=5) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):  # refused, reset, or a first answer over 5 s
            time.sleep(0.5)
    raise SystemExit("the server did not answer in time")


def base_env() -> dict[str, str]:
    drop = {"SECRET_KEY", "PORT", "DJANGO_DEBUG", "DATABASE_URL", "DJANGO_STATIC_HASHED"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def manage(repo: Path, env: dict[str, str], *args: str) -> None:
    python = str(repo / ".venv" / "bin" / "python")
    subprocess.run([python, "manage.py", *args], cwd=repo, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def fresh_database() -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {DATABASE}")


@contextmanager
def server(kind: str, repo: Path, workdir: Path) -> Iterator[str]:
    """serve.sh or gunicorn from `repo`, on a free port, until the block ends."""
    port = free_port()
    env = base_env()
    if kind == "serve.sh":
        env["DATABASE_URL"] = f"sqlite:///{workdir / 'serve.sqlite3'}"
        command = ["bash", "scripts/serve.sh", str(port)]
    else:
        fresh_database()
        env.update(DATABASE_URL=f"{PG}/{DATABASE}", SECRET_KEY=secrets.token_urlsafe(40))
        for step in (("migrate", "--noinput"), ("load_demo",), ("collectstatic", "--noinput")):
            manage(repo, env, *step)
        command = [str(repo / ".venv" / "bin" / "gunicorn"), "parlor.wsgi",
                   "--bind", f"127.0.0.1:{port}", "--workers", "2"]
    log = (workdir / f"{kind}.log").open("w")
    process = subprocess.Popen(command, cwd=repo, env=env, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url, process)
        yield url
    finally:
        group_stop(process)
        log.close()


def group_stop(process: subprocess.Popen[Any], seconds: float = 30) -> None:
    """SIGTERM to a server started in a session of its own (its workers too), then SIGKILL."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)


def throttle(context: Any, page: Any) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)


def new_page(browser: Any, url: str, state: Any = None) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  device_scale_factor=1, has_touch=True, base_url=url,
                                  storage_state=state)
    context.add_init_script(MARKS)
    page = context.new_page()
    page.set_default_timeout(20_000)
    throttle(context, page)
    return context, page


def sign_in(page: Any) -> str:
    """Signs the staff in and opens table 7's game; its URL."""
    page.goto("/tablet/login/")
    page.fill('input[name="username"]', STAFF[0])
    page.fill('input[name="password"]', STAFF[1])
    page.press('input[name="password"]', "Enter")
    page.wait_for_url("**/tablet/")
    href = page.get_attribute(f'a.table-card[data-table="{TABLE}"]', "href")
    page.goto(href)
    page.wait_for_selector("body[data-ready='true']")
    if "/games/" not in page.url:
        raise SystemExit(f"table {TABLE} of the demo has no game in progress ({page.url})")
    return str(page.url)


def ready(page: Any, url: str) -> float:
    """Opens `url` and waits, outside the page, for its ready mark (ms from the navigation)."""
    with page.expect_console_message(lambda message: message.text == "tenbo-bench: ready"):
        page.goto(url, wait_until="commit")
    return float(page.evaluate("() => window.__marks.ready"))


def mark(page: Any, key: str) -> float:
    page.wait_for_function(f"() => window.__marks && window.__marks.{key} !== undefined")
    return float(page.evaluate(f"() => window.__marks.{key} - (window.__marks.click || 0)"))


def one_round(page: Any, game: str) -> tuple[float, float, float]:
    """Warm page ready, tap → payments, 確定 → banner (ms); the hand undone after."""
    loaded = ready(page, game)
    dealer = int(page.get_attribute(".seat.is-dealer", "data-seat"))
    seats = len(page.query_selector_all(".seat[data-seat]"))
    page.click(f'.seat[data-seat="{dealer}"]')
    page.click(f'.seat[data-seat="{(dealer + 1) % seats}"]')
    page.click(CELL)
    preview = mark(page, "preview")
    page.wait_for_selector("#confirm:not([disabled])")
    page.click("#confirm")
    banner = mark(page, "toast")
    undo(page, game)
    return loaded, preview, banner


def undo(page: Any, game: str) -> None:
    """The last hand undone through the tablet's undo form (its own POST, not timed)."""
    page.wait_for_function("() => !document.body.dataset.refreshing")
    sequence = int(page.get_attribute("#game-state", "data-sequence")) - 1
    token = page.get_attribute('meta[name="csrf-token"]', "content")
    answer = page.request.post(
        game + "undo/",
        form={"sequence": str(sequence), "idempotency_key": secrets.token_hex(16),
              "csrfmiddlewaretoken": token, "reason": "bench"},
        headers={"Referer": game},
    )
    if answer.status >= 400:
        raise SystemExit(f"undo failed: {answer.status} {answer.text()[:300]}")


def cold_ready(browser: Any, url: str, game: str, state: Any) -> float | None:
    """The page in a new context; None when it is not ready within 20 s (counted, not timed)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    context, page = new_page(browser, url, state)
    try:
        return ready(page, game)
    except PlaywrightTimeout:
        return None
    finally:
        context.close()


def measure(url: str, *, rounds: int, cold: int) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    figures: dict[str, list[float]] = {"tap": [], "confirm": [], "warm": [], "cold": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--no-sandbox", "--disable-gpu"])
        context, page = new_page(browser, url)
        game = sign_in(page)
        one_round(page, game)  # not counted: the first page fills the cache
        for _ in range(rounds):
            ready, preview, banner = one_round(page, game)
            figures["warm"].append(ready)
            figures["tap"].append(preview)
            figures["confirm"].append(banner)
        state = context.storage_state()
        context.close()
        loads = [cold_ready(browser, url, game, state) for _ in range(cold)]
        figures["cold"] = [ms for ms in loads if ms is not None]
        figures["cold, not ready in 20 s"] = [0.0] * loads.count(None)
        browser.close()
    return figures


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


LABELS = {
    "tap": "tap → payments painted",
    "confirm": "確定 → banner",
    "warm": "game page ready, warm",
    "cold": "game page ready, cold",
}


def report(kind: str, repo: Path, figures: dict[str, list[float]]) -> None:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=repo,
                            capture_output=True, text=True).stdout.strip()
    print(f"{kind} ({repo.name} @ {commit}):")
    if figures["cold, not ready in 20 s"]:
        print(f"  game page, cold: {len(figures['cold, not ready in 20 s'])} not ready in 20 s")
    for key, label in LABELS.items():
        values = figures[key]
        if values:
            print(f"  {label:<24} p50 {statistics.median(values):6.1f} ms   "
                  f"p95 {percentile(values, 0.95):6.1f} ms   ({len(values)} samples)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="hands entered per server")
    parser.add_argument("--cold", type=int, default=10, help="cold page loads per server")
    parser.add_argument("--repo", type=Path, action="append",
                        help="a checkout to serve (repeat for side by side; default this one)")
    parser.add_argument("--server", action="append", choices=("serve.sh", "gunicorn"))
    args = parser.parse_args()
    repos = [path.resolve() for path in (args.repo or [HERE])]
    kinds = args.server or ["serve.sh", "gunicorn"]
    print(f"Chromium, CPU {CPU_SLOWDOWN}× slower, network {NETWORK['latency']} ms / 10 Mbit/s; "
          f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for kind in kinds:
        for repo in repos:
            with tempfile.TemporaryDirectory() as workdir, server(kind, repo, Path(workdir)) as url:
                report(kind, repo, measure(url, rounds=args.rounds, cold=args.cold))
            sys.stdout.flush()
    print(f"({os.cpu_count()} CPUs here; load average after: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())})")


if __name__ == "__main__":
    main()
