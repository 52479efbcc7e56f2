# Sourced by scripts/serve.sh --lan: the machine's IPv4 addresses on its networks, one a line,
# the one its default route leaves from first (what a tablet on the same Wi-Fi most likely
# reaches); no loopback (127.0.0.0/8) and no link-local (169.254.0.0/16), which a tablet
# cannot use. `hostname -I` (Debian) lists them; `ip` where it is missing. `ip route get` only
# looks the route up: nothing is sent.
lan_addresses() {
  local first all
  first=$(ip -4 route get 1.1.1.1 2>/dev/null | sed -n 's/.* src \([0-9.]*\).*/\1/p' || true)
  all=$(hostname -I 2>/dev/null ||
    ip -4 -o addr show scope global 2>/dev/null | awk '{ sub(/\/.*/, "", $4); print $4 }' ||
    true)
  printf '%s\n' $first $all |
    grep -E '^[0-9]{1,3}(\.[0-9]{1,3}){3}$' |
    grep -Ev '^(127|169\.254)\.' |
    awk '!seen[$0]++' || true
}
