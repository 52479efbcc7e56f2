#!/usr/bin/env bash
# Runs the product on a fresh machine: installs the Debian fonts and Pango the PDFs need (as
# root), creates .venv and installs the pinned requirements,
# migrates the database (SQLite by default, DATABASE_URL for PostgreSQL), loads the demo parlor
# (safe to repeat) and serves http://127.0.0.1:8000 with the demo logins printed.
# A development server: DEBUG is on unless DJANGO_DEBUG is set. Production: see docs/service.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/system.sh
ensure_debian_packages "${TENBO_RUNTIME_PACKAGES[@]}"  # fonts and Pango for the PDFs
source scripts/venv.sh
export DJANGO_DEBUG="${DJANGO_DEBUG:-1}"
PORT="${PORT:-8000}"
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py load_demo
echo
echo "tenbo is at http://127.0.0.1:${PORT}/ (admin /admin/, API docs /api/docs/). Ctrl-C stops it."
exec .venv/bin/python manage.py runserver "127.0.0.1:${PORT}"
