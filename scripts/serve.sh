#!/usr/bin/env bash
# Runs the product on a fresh machine: installs the Debian fonts and Pango the PDFs need (as
# root), creates .venv and installs the pinned requirements,
# migrates the database (SQLite by default, DATABASE_URL for PostgreSQL), loads the demo parlor
# (safe to repeat: it creates only what is missing and leaves passwords alone), collects the
# static files under content-hashed names (again only when they changed) and serves
# http://127.0.0.1:8000 with gunicorn, the demo logins printed the first time. Celery tasks run
# eagerly in the web process (no broker), as with the embedded SQLite nothing else is needed.
# Another port: `bash scripts/serve.sh 8080` or `PORT=8080 bash scripts/serve.sh`.
# DEBUG is on (error pages with tracebacks) unless DJANGO_DEBUG is set. Production: see
# docs/service.md.
# The parlor's network: `bash scripts/serve.sh --lan [PORT]` listens on every address of the
# machine, accepts its LAN addresses as hosts, prints the address tablets open, and makes the
# QR codes carry that address even on a tablet that opened 127.0.0.1 (PUBLIC_BASE_URL). DEBUG
# is off there unless DJANGO_DEBUG is set: the guests share that network.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: bash scripts/serve.sh [--lan] [PORT]   (or PORT=8080 bash scripts/serve.sh)"
LAN=0
args=()
for arg in "$@"; do
  case "$arg" in
    --lan) LAN=1 ;;
    -h | --help) echo "$usage"; exit 0 ;;
    -*) echo "serve.sh: unknown option '$arg'" >&2; echo "$usage" >&2; exit 2 ;;
    *) args+=("$arg") ;;
  esac
done
if [ "${#args[@]}" -gt 1 ]; then
  echo "serve.sh: one port at most, got '${args[*]}'" >&2; echo "$usage" >&2; exit 2
fi
PORT="${args[0]:-${PORT:-8000}}"
if ! [[ "$PORT" =~ ^[0-9]+$ ]] || ((10#$PORT < 1 || 10#$PORT > 65535)); then
  echo "serve.sh: the port must be a number from 1 to 65535, got '$PORT'" >&2
  echo "$usage" >&2
  exit 2
fi
PORT=$((10#$PORT))
BIND=127.0.0.1
if [ "$LAN" = 1 ]; then
  source scripts/lan.sh
  mapfile -t addresses < <(lan_addresses)
  if [ "${#addresses[@]}" -eq 0 ]; then
    echo "serve.sh --lan: this machine has no address on a network (only 127.0.0.1), so no" \
      "tablet or phone could reach it. Connect it to the parlor's Wi-Fi or LAN and run this" \
      "again, or run without --lan to use it on this machine only." >&2
    exit 1
  fi
  BIND=0.0.0.0
  hosts=$(IFS=,; echo "${addresses[*]}")
  export ALLOWED_HOSTS="${ALLOWED_HOSTS:-localhost,127.0.0.1,[::1]},${hosts}"
  export PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-http://${addresses[0]}:${PORT}}"
  export DJANGO_DEBUG="${DJANGO_DEBUG:-0}"
fi
# A port already served (tenbo started twice, or another program) stops here, before anything
# is installed or migrated and before an address is printed that the other program answers.
if command -v python3 >/dev/null && ! python3 - "$BIND" "$PORT" <<'CHECK' 2>/dev/null; then
import socket, sys
with socket.socket() as probe:
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds
    probe.bind((sys.argv[1], int(sys.argv[2])))
CHECK
  echo "serve.sh: port ${PORT} is already in use on this machine (tenbo already running, or" \
    "another program). Stop it, or take another port: bash scripts/serve.sh" \
    "$((PORT == 8080 ? 8081 : 8080))" >&2
  exit 1
fi
source scripts/system.sh
ensure_debian_packages "${TENBO_RUNTIME_PACKAGES[@]}"  # fonts and Pango for the PDFs
source scripts/venv.sh
export DJANGO_DEBUG="${DJANGO_DEBUG:-1}"
# The development server signs sessions with a key made once for this checkout and kept
# (git-ignored) in .dev-secret-key: a restart keeps tablets signed in, and the key is not the
# one anyone can read in the source.
if [ -z "${SECRET_KEY:-}" ]; then
  if [ ! -s .dev-secret-key ]; then
    (umask 077 && .venv/bin/python -c "import secrets; print(secrets.token_urlsafe(50))" \
      > .dev-secret-key)
  fi
  SECRET_KEY="$(cat .dev-secret-key)"
  export SECRET_KEY
fi
# umask 077: a SQLite database migrate creates is readable by its owner only (0600), as a
# backup is: it holds password hashes and money. A database already there keeps its mode.
(umask 077 && .venv/bin/python manage.py migrate --noinput)
.venv/bin/python manage.py load_demo
# Hashed names, which WhiteNoise sends cached as immutable: a tablet asks for each file once.
export DJANGO_STATIC_HASHED=1
collected=staticfiles/.sources.sha256
sources=$( (find static -type f -printf '%P %s %T@\n' | sort; cat requirements.txt parlor/static_storage.py) | sha256sum)
if [ ! -f "$collected" ] || [ "$(cat "$collected")" != "$sources" ]; then
  echo "== collecting the static files (the first time takes a minute)"
  .venv/bin/python manage.py collectstatic --noinput --clear --verbosity 0
  echo "$sources" > "$collected"
fi
echo
echo "tenbo is at http://127.0.0.1:${PORT}/ (admin /admin/, API docs /api/docs/). Ctrl-C stops it."
if [ "$LAN" = 1 ]; then
  for address in "${addresses[@]}"; do
    echo "on the parlor's network: tablets open http://${address}:${PORT}/tablet/"
  done
  echo "the QR codes send phones to ${PUBLIC_BASE_URL} (or the address the tablet used)"
fi
# gthread workers keep a tablet's connection open between taps (75 s, as a proxy would), so a
# tap pays no new TCP handshake; one process, since SQLite takes one writer at a time.
exec .venv/bin/gunicorn parlor.wsgi --bind "${BIND}:${PORT}" --worker-class gthread \
  --workers 1 --threads 8 --keep-alive 75 --access-logfile - --log-level warning
