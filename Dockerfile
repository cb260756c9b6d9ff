# Backbeat's container image (README, "Deploying" > "In containers"). Build: docker build -t backbeat .
# compose.yaml runs it with PostgreSQL, Redis and MinIO.
ARG NODE_IMAGE=node:22-bookworm-slim

# Stage 1: compilers and the workspaces' manifests, shared by the two installs below.
FROM ${NODE_IMAGE} AS toolchain
WORKDIR /app
# Compilers for the native modules that build at install on some Node versions.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The manifests first, so a change of code alone reuses the installed dependencies.
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# Stage 2: what the server needs at run time, installed apart from the build's tools: the
# server workspace's own dependencies (common's are bundled into server/dist, and the web
# app's into web/dist). Debian's ffmpeg on PATH is the one the server finds first
# (server/src/lib/audio/ffmpeg.ts), so the static ffmpeg of @ffmpeg-installer's platform
# package (66 MB) would never run here.
FROM toolchain AS runtime-deps
RUN npm ci --omit=dev --workspace server --include-workspace-root --no-audit --no-fund \
  && rm -rf node_modules/@ffmpeg-installer/linux-*

# Stage 3: every workspace's dependencies (the tools), then the web app and the server built.
FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Stage 4: what runs. Debian's ffmpeg decodes and transcodes audio (FFMPEG_PATH is not needed)
# and Debian's postgresql-client gives `npm run backup` its pg_dump.
FROM ${NODE_IMAGE}
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# npm hoists most packages to the root; a few the server needs at another version than the
# root's (fast-xml-parser 5 for Subsonic's XML) stay in server/node_modules.
COPY --from=runtime-deps --chown=node:node /app/node_modules node_modules
COPY --from=runtime-deps --chown=node:node /app/server/node_modules server/node_modules
# The built server and web app, and what they read beside them: the version and the npm
# scripts (package.json), the OpenAPI document, the server's Node flags, and the launchers of
# README's commands (npm start, backup, restore, import, settings, admin), which run the built
# server/dist files (their sources are not here, so they never try to rebuild them). The
# workspaces' manifests keep node_modules/@backbeat's links pointing at packages.
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/common/package.json common/
COPY --from=build --chown=node:node \
  /app/server/package.json /app/server/node-flags.json /app/server/openapi.json server/
COPY --from=build --chown=node:node /app/server/dist server/dist
COPY --from=build --chown=node:node /app/web/dist web/dist
COPY --from=build --chown=node:node \
  /app/scripts/lib.mjs /app/scripts/start.mjs /app/scripts/backup.mjs /app/scripts/import.mjs \
  /app/scripts/settings.mjs /app/scripts/admin.mjs scripts/
# The node image's own unprivileged user; the storage and music folders are its to write.
RUN mkdir -p /data/storage /music && chown node:node /data/storage /music
USER node
ENV NODE_ENV=production \
    PORT=8000 \
    HOST=0.0.0.0 \
    STORAGE_PATH=/data/storage
# Storage: the SQLite database (without DATABASE_URL), app.key, logs, local uploads, backups.
# Music: folders already on the host, named in MUSIC_FOLDERS (e.g. /music).
VOLUME ["/data/storage", "/music"]
EXPOSE 8000
# Ready means the database answers; a draining instance (SIGTERM) answers 503.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# npm start's launcher: the server's Node flags (server/node-flags.json), nothing to build.
CMD ["node", "scripts/start.mjs"]
