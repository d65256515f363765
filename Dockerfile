# GoWild Finder's image (decision 139): built with the dev dependencies, run with the runtime ones only, as
# `node server/dist/server.js`. `scripts/container-test.sh` builds this file and starts the server from it in CI;
# `compose.yaml` runs it as api replicas, a worker and a migrate step.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# A registry behind a TLS-inspecting proxy needs its CA: pass --build-arg NODE_EXTRA_CA_CERTS=<path> with the file mounted.
ARG NODE_EXTRA_CA_CERTS
# The manifests first: the dependency layer is reused until one of them changes.
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund --workspace contract --workspace server --workspace web
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ARG NODE_EXTRA_CA_CERTS
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
# The server's runtime dependencies only: no TypeScript, tsx, Vite or test tools.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund --workspace server
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
# FRONTIER_TRANSPORT=browser needs Chromium (decision 223): opt in with --build-arg WITH_CHROMIUM=true, which adds
# Debian's chromium package at /usr/bin/chromium (CHROMIUM_PATH's default; about 330 MB more, and minutes more to
# build). The default image has none, so it stays small and quick to build.
ARG WITH_CHROMIUM=false
RUN --mount=type=cache,target=/var/cache/apt,sharing=locked --mount=type=cache,target=/var/lib/apt/lists,sharing=locked \
    if [ "$WITH_CHROMIUM" = "true" ]; then \
      rm -f /etc/apt/apt.conf.d/docker-clean && apt-get update -qq \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-liberation ca-certificates \
      && chromium --version; \
    elif [ "$WITH_CHROMIUM" != "false" ]; then echo "WITH_CHROMIUM is true or false" >&2; exit 1; fi
# PGlite's files, the e-mail outbox and a generated JWT_SECRET live here when no PostgreSQL or secret is given.
RUN mkdir -p /data && chown 10001:10001 /data
VOLUME /data
USER 10001:10001
EXPOSE 3000
# The server turns SIGTERM into its graceful shutdown (open searches end with the restart event, then exit 0 within
# 10 s); give it more than that before a SIGKILL (compose: stop_grace_period).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server/dist/server.js"]
