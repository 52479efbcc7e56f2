#!/usr/bin/env bash
# Runs the whole test suite. On a fresh machine it first creates .venv and installs
# requirements-dev.txt (re-installed only when the requirement files change).
# DATABASE_URL=postgres://... runs the Django tests on PostgreSQL; unset, on SQLite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/system.sh
ensure_debian_packages "${TENBO_DEBIAN_PACKAGES[@]}"
source scripts/venv.sh
exec .venv/bin/python -m pytest "$@"
