#!/usr/bin/env bash
# Checks the example alert rules with promtool: their syntax (check rules) and that they fire when they should
# (test rules alerts.test.yml). Debian ships promtool in its `prometheus` package. When it is not installed, the
# package is downloaded and only promtool taken out of it (into a cache directory): installing the package would
# also install, and on a machine with an init system start, a Prometheus server.
set -euo pipefail
cd "$(dirname "$0")"

cache="${XDG_CACHE_HOME:-$HOME/.cache}/gowild-promtool"
promtool="${PROMTOOL:-$(command -v promtool || true)}"
if [ -z "$promtool" ] && [ -x "$cache/usr/bin/promtool" ]; then promtool="$cache/usr/bin/promtool"; fi
if [ -z "$promtool" ]; then
  echo "promtool not found: taking it from Debian's prometheus package into $cache"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  if ! (cd "$work" && apt-get download prometheus >/dev/null 2>&1); then
    # The package lists may be missing (a fresh container): refresh them, as root, and try once more.
    if [ "$(id -u)" = 0 ]; then apt-get update -qq; else sudo apt-get update -qq; fi
    (cd "$work" && apt-get download prometheus >/dev/null)
  fi
  mkdir -p "$cache"
  dpkg-deb --extract "$work"/prometheus_*.deb "$work/pkg"
  install -D -m 0755 "$work/pkg/usr/bin/promtool" "$cache/usr/bin/promtool"
  promtool="$cache/usr/bin/promtool"
fi
"$promtool" check rules alerts.yml
"$promtool" test rules alerts.test.yml
