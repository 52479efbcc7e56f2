"""Production settings: `manage.py check --deploy` is clean with the production environment,
and the responses carry HSTS, HTTPS redirects and secure cookies. Run in subprocesses, since
settings are read once per process."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "SECRET_KEY": secrets.token_urlsafe(64),
    "ALLOWED_HOSTS": "tenbo.example.jp",
    "CSRF_TRUSTED_ORIGINS": "https://tenbo.example.jp",
    "DJANGO_SECURE": "1",
    "TRUSTED_PROXIES": "127.0.0.1",
    "REDIS_URL": "redis://127.0.0.1:6379/1",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
}
# Cleared from the test process's environment, so only PRODUCTION speaks.
CLEARED = (
    "DJANGO_DEBUG",
    "DJANGO_SETTINGS_MODULE",
    "CACHE_URL",
    "SECURE_HSTS_SECONDS",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_PRELOAD",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "TRUSTED_PROXIES",
    "NUM_PROXIES",
)


def run(args: list[str], env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in CLEARED and k != "PYTEST_CURRENT_TEST"}
    base["DATABASE_URL"] = f"sqlite:///{tmp_path / 'deploy.sqlite3'}"
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_the_production_environment(tmp_path):
    done = run(["check", "--deploy", "--fail-level", "WARNING"], PRODUCTION, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_check_deploy_names_what_is_missing_without_it(tmp_path):
    env = {k: v for k, v in PRODUCTION.items() if k not in ("DJANGO_SECURE", "REDIS_URL")}
    done = run(["check", "--deploy", "--fail-level", "WARNING"], env, tmp_path)
    assert done.returncode != 0
    for check in (
        "security.W004",
        "security.W008",
        "security.W012",
        "security.W016",
        "parlor.W801",
    ):
        assert check in done.stderr + done.stdout


def test_a_server_refuses_to_start_without_a_secret_key(tmp_path):
    env = {k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"}
    done = run(["check"], {**env, "SECRET_KEY": ""}, tmp_path)
    assert done.returncode != 0 and "Set SECRET_KEY" in done.stderr


PROBE = """
import json
from django.test import Client
c = Client(HTTP_HOST="tenbo.example.jp")
plain = c.get("/api/schema/")
secure = c.get("/admin/login/", secure=True)
cookie = secure.cookies.get("csrftoken")
print(json.dumps({
    "plain_status": plain.status_code,
    "plain_location": plain.get("Location", ""),
    "hsts": secure.get("Strict-Transport-Security", ""),
    "csrf_cookie_secure": bool(cookie and cookie["secure"]),
    "session_cookie_secure": __import__("django.conf").conf.settings.SESSION_COOKIE_SECURE,
    "nosniff": secure.get("X-Content-Type-Options", ""),
    "frame": secure.get("X-Frame-Options", ""),
    "csp": secure.get("Content-Security-Policy", ""),
}))
"""


def test_production_responses_are_https_only_with_hsts_and_secure_cookies(tmp_path):
    # Production serves hashed static names: collected first, as a deploy does (docs/service.md).
    env = {**PRODUCTION, "DJANGO_STATIC_ROOT": str(tmp_path / "static")}
    collected = run(["collectstatic", "--noinput", "-v0"], env, tmp_path)
    assert collected.returncode == 0, collected.stderr
    done = run(["shell", "-c", PROBE], env, tmp_path)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["plain_status"] == 301
    assert seen["plain_location"] == "https://tenbo.example.jp/api/schema/"
    assert seen["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert seen["csrf_cookie_secure"] and seen["session_cookie_secure"]
    assert seen["nosniff"] == "nosniff" and seen["frame"] == "DENY"
    assert "frame-ancestors 'none'" in seen["csp"]
