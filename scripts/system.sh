# Sourced by scripts/test.sh and .ci/run: the Debian packages the whole suite needs
# (Chromium for the browser tests, Noto CJK and Pango for WeasyPrint's receipt PDFs, IPA Gothic
# for reportlab's daily report PDFs), installed when missing and when we may (root with
# apt-get). Without them the tests that need them are skipped with the reason.
TENBO_RUNTIME_PACKAGES=(fonts-noto-cjk libpango-1.0-0 libpangoft2-1.0-0 fonts-ipafont-gothic)
TENBO_DEBIAN_PACKAGES=(chromium "${TENBO_RUNTIME_PACKAGES[@]}")

ensure_debian_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  [ "${#missing[@]}" -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "note: missing Debian packages ${missing[*]} (install them as root); until then the PDFs (and the tests) that need them are refused (skipped) with the reason" >&2
    return 0
  fi
  echo "== installing ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}
