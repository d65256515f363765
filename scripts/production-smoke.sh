#!/usr/bin/env bash
# The production start as an operator does it (decisions 135 and 136): build here, copy the manifests and the built
# server and web app into an empty folder, `npm ci --omit=dev --workspace server` there (no TypeScript, tsx or Vite),
# then on each Node given (default: this machine's node and Node 24 from the npm registry) run
# `node server/dist/cli.js migrate` and `node server/dist/server.js` on a fresh PGlite data directory, one search
# through it (scripts/smoke.mjs), SIGTERM and a clean exit.
#
#   scripts/production-smoke.sh [--no-build] [node-version ...]     e.g. scripts/production-smoke.sh 20 24
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=1
if [[ ${1:-} == --no-build ]]; then
  build=0
  shift
fi
versions=("$@")
((${#versions[@]})) || versions=(system 24)

((build)) && node scripts/build.mjs --if-stale
tree=$(mktemp -d /tmp/gowild-production.XXXXXX)
pid=
cleanup() {
  [[ -n $pid ]] && kill -KILL "$pid" 2>/dev/null || true
  rm -rf "$tree"
}
trap cleanup EXIT
for f in package.json package-lock.json contract/package.json server/package.json web/package.json e2e/package.json; do
  mkdir -p "$tree/$(dirname "$f")" && cp "$f" "$tree/$f"
done
cp -r server/dist "$tree/server/dist"
cp -r web/dist "$tree/web/dist"
(cd "$tree" && npm ci --omit=dev --no-audit --no-fund --loglevel=error --workspace server)
for pkg in typescript tsx vite esbuild; do
  [[ -e $tree/node_modules/$pkg ]] && { echo "the production tree has $pkg"; exit 1; }
done

for version in "${versions[@]}"; do
  # Node itself from the npm registry: the binary's own path, so that signals reach the server and not a wrapper.
  if [[ $version == system ]]; then node=$(command -v node); else node=$(readlink -f "$(npx -y -p "node@$version" -- sh -c 'command -v node')"); fi
  echo "== Node $("$node" --version): migrate, start, search, SIGTERM"
  data=$tree/data-$version
  port=$(node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  (cd "$tree" && DATA_DIR=$data "$node" server/dist/cli.js migrate)
  (cd "$tree" && DATA_DIR=$data PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn MIGRATE_ON_START=false exec "$node" server/dist/server.js) &
  pid=$!
  node "$root/scripts/smoke.mjs" "http://127.0.0.1:$port"
  kill -TERM "$pid"
  status=0
  wait "$pid" || status=$?
  pid=
  ((status == 0)) || { echo "the server exited with $status after SIGTERM"; exit 1; }
done
echo 'production smoke passed'
