"""scripts/serve.sh as a new user runs it: on the port they ask for, twice on the same
database, with a tablet signed in across the restart, served by gunicorn with the static files
under content-hashed names cached as immutable. Runs the real script (SQLite in a temporary
directory, whatever DATABASE_URL the suite uses)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A fresh database is migrated and the demo loaded first, and the static files collected once.
STARTUP_SECONDS = 300


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve_env(database: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "PORT", "DJANGO_DEBUG"}}
    return {**env, "DATABASE_URL": f"sqlite:///{database}", **extra}


@contextmanager
def serving(
    env: dict[str, str], *args: str, port: int, says: tuple[str, ...] = ()
) -> Iterator[str]:
    """Runs serve.sh until the page at `port` answers; stops it (gunicorn and its worker) and
    checks it printed its address (and the lines `says`)."""
    server = subprocess.Popen(
        ["bash", "scripts/serve.sh", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            assert server.poll() is None, server.communicate()[0]
            try:
                with urllib.request.urlopen(url + "/", timeout=5) as answer:
                    assert answer.status == 200
                    assert answer.headers["Server"].startswith("gunicorn")
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):  # a busy machine
                assert time.monotonic() < deadline, "serve.sh did not answer in time"
                time.sleep(0.5)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        output = server.communicate(timeout=30)[0]
    assert f"http://127.0.0.1:{port}/" in output
    for line in says:
        assert line in output, output


def sign_in(opener: urllib.request.OpenerDirector, url: str, jar: CookieJar) -> None:
    opener.open(url + "/tablet/login/").read()
    token = next(c.value for c in jar if c.name == "csrftoken")
    form = {
        "username": "staff",
        "password": "tenbo-staff-demo",
        "csrfmiddlewaretoken": token,
        "next": "/tablet/",
    }
    request = urllib.request.Request(
        url + "/tablet/login/",
        data=urllib.parse.urlencode(form).encode(),
        headers={"Referer": url + "/tablet/login/"},
    )
    assert opener.open(request).geturl() == url + "/tablet/"


def test_serve_sh_takes_the_port_and_a_restart_keeps_the_tablet_signed_in(tmp_path):
    database = tmp_path / "serve.sqlite3"
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    first_port, second_port = free_port(), free_port()
    with serving(serve_env(database, PORT=str(first_port)), port=first_port) as url:
        sign_in(opener, url, jar)
    with serving(serve_env(database), str(second_port), port=second_port) as url:
        page = opener.open(url + "/tablet/")
        assert page.geturl() == url + "/tablet/"  # not sent back to the login page
        html = page.read().decode()
        assert "/tablet/logout/" in html
        stylesheet = re.search(r'href="(/static/tablet/tablet\.[0-9a-f]{12}\.css)"', html)
        assert stylesheet, "the page names its stylesheet by its content's hash"
        request = urllib.request.Request(
            url + stylesheet[1], headers={"Accept-Encoding": "gzip"}
        )
        with urllib.request.urlopen(request) as css:
            assert "immutable" in css.headers["Cache-Control"]
            assert css.headers["Content-Encoding"] == "gzip"


def test_serve_sh_refuses_a_port_that_is_not_one():
    for args in (["eighty"], ["0"], ["65536"], ["--lan", "eighty"]):
        run = subprocess.run(
            ["bash", "scripts/serve.sh", *args], cwd=ROOT, capture_output=True, text=True
        )
        assert run.returncode == 2
        assert re.search(r"port must be a number from 1 to 65535, got '.*'", run.stderr)
    for args, said in ((["--lam"], "unknown option '--lam'"), (["80", "81"], "one port at most")):
        run = subprocess.run(
            ["bash", "scripts/serve.sh", *args], cwd=ROOT, capture_output=True, text=True
        )
        assert run.returncode == 2 and said in run.stderr
        assert "usage: bash scripts/serve.sh [--lan] [PORT]" in run.stderr


def test_serve_sh_lan_says_so_when_the_machine_is_on_no_network(tmp_path):
    """Only loopback and link-local addresses, as on a machine with no Wi-Fi or cable: the
    script stops before it installs anything, and says what to do."""
    tools = tmp_path / "bin"
    tools.mkdir()
    for name, says in (("hostname", "127.0.0.1 169.254.10.20 ::1"), ("ip", "")):
        (tools / name).write_text(f"#!/bin/sh\necho '{says}'\n")
        (tools / name).chmod(0o755)
    env = {**os.environ, "PATH": f"{tools}:{os.environ['PATH']}"}
    run = subprocess.run(
        ["bash", "scripts/serve.sh", "--lan"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert run.returncode == 1
    assert "this machine has no address on a network (only 127.0.0.1)" in run.stderr
    assert "Connect it to the parlor's Wi-Fi or LAN" in run.stderr
    assert run.stdout == ""  # nothing installed, migrated or served


def test_serve_sh_says_the_port_is_taken_before_it_announces_an_address(tmp_path):
    """A second serve.sh on a port already served (tenbo started twice, or another program)
    stops at once with what to do, rather than printing the address (where the other program
    answers) and then failing in gunicorn's retries."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(
            ["bash", "scripts/serve.sh", str(port)],
            cwd=ROOT,
            env=serve_env(tmp_path / "serve.sqlite3"),
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert run.returncode == 1
    assert f"port {port} is already in use" in run.stderr
    assert "bash scripts/serve.sh" in run.stderr  # how to take another port
    assert "tenbo is at" not in run.stdout
    assert not (tmp_path / "serve.sqlite3").exists()  # stopped before migrating anything
