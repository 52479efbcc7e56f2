"""The tree passes ruff, the pure packages mypy in strict mode, and parlor passes mypy with the
Django stubs (STYLE.md §7)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = ["scoring", "rulesets"]
# parlor's pure modules (tests/test_parlor_layers.py): no Django, so strict like the engine.
PARLOR_PURE = ["parlor/domain", "parlor/errors.py"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_ruff_finds_nothing() -> None:
    # The whole tree, as pyproject.toml configures it (migrations left out).
    done = run("ruff", "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_finds_nothing_in_the_pure_packages() -> None:
    done = run("mypy", "--strict", *PURE)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_finds_nothing_in_the_pure_modules_of_parlor() -> None:
    # Silent about what they import: importing parlor.domain runs parlor/__init__.py (Celery),
    # which is no part of the check.
    done = run("mypy", "--strict", "--follow-imports=silent", *PARLOR_PURE)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing_in_parlor() -> None:
    # pyproject.toml: strict, with the Django and DRF plugins; its overrides say which modules
    # are relaxed and why, and list the modules still to fix.
    done = run("mypy", "parlor")
    assert done.returncode == 0, done.stdout + done.stderr
