# Sourced by scripts/test.sh and .ci/run: the Debian packages the whole suite needs
# (Chromium for the browser tests, Noto CJK for Japanese in PDFs, Pango for WeasyPrint),
# installed when missing and when we may (root with apt-get). Without them the tests that
# need them are skipped with the reason.
TENBO_DEBIAN_PACKAGES=(chromium fonts-noto-cjk libpango-1.0-0 libpangoft2-1.0-0)

ensure_debian_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "note: missing Debian packages ${missing[*]} (install them as root); the tests that need them will be skipped" >&2
    return 0
  fi
  echo "== installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}
