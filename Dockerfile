# Backbeat's container image (README, "Deploying" > "In containers"). Build: docker build -t backbeat .
# compose.yaml runs it with PostgreSQL, Redis and MinIO.
ARG NODE_IMAGE=node:22-bookworm-slim

# Stage 1: install every workspace's dependencies and build the web app and the server.
FROM ${NODE_IMAGE} AS build
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
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Stage 2: what runs. Debian's ffmpeg decodes and transcodes audio (FFMPEG_PATH is not needed)
# and Debian's postgresql-client gives `npm run backup` its pg_dump.
FROM ${NODE_IMAGE}
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg postgresql-client \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app /app
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
