# syntax=docker/dockerfile:1
# The app image: Next.js standalone output plus the project's compiled server and migration
# runner; no dev dependencies. On start it applies pending migrations (under an advisory lock, so
# replicas may start together), then serves on $PORT as the `node` user. It also runs the
# operators' `npm run backup` and `npm run restore` (their TypeScript with tsx, and PostgreSQL's
# client tools of docker-compose.yml's server version): src/operations/docker-image.test.ts holds
# this file to what they need.
# Every stage runs Node's Active LTS line (26 since 2026-10-28); the project itself runs on any
# Node from 20.9 (package.json's engines), which is what its tests run on where that is installed.

FROM node:26-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM node:26-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# The build queries nothing, so it needs no database and no secrets. Besides .next/standalone it
# writes .next/server.mjs, .next/migrate.mjs and .next/create-admin.mjs (scripts/lib/server-bundle.ts).
RUN npm run build
# What `npm run backup` and `npm run restore` load besides the standalone output: the two scripts,
# src/ (the modules they import; tsconfig.json maps `@/`), and the packages those import by name
# with everything those depend on, as npm installed them above (so where they overlap the
# standalone output's node_modules, the files are the same), plus tsx's command.
ARG OPERATIONS_PACKAGES="tsx pg zod ipaddr.js @aws-sdk/client-s3 @next/env"
RUN mkdir -p /operations/scripts \
  && cp -R src tsconfig.json /operations/ \
  && cp scripts/backup.ts scripts/restore.ts /operations/scripts/ \
  && roots="" \
  && for name in $OPERATIONS_PACKAGES; do roots="$roots:path(node_modules/$name),"; done \
  && roots=":is(${roots%,})" \
  && npm query "$roots, $roots *" > /tmp/operations-packages.json \
  && node -e " \
    const fs = require('node:fs'); \
    const copy = (from) => fs.cpSync(from, '/operations/' + from, { recursive: true, verbatimSymlinks: true }); \
    for (const { location } of JSON.parse(fs.readFileSync('/tmp/operations-packages.json', 'utf8'))) copy(location); \
    copy('node_modules/.bin/tsx');"

# The PostgreSQL project's apt signing key, as Debian ships it in postgresql-common: apt checks the
# package against Debian's own archive key, so the key is as trustworthy as the base image. Only
# the key file goes on to the run stage.
FROM node:26-bookworm-slim AS postgres-apt-key
WORKDIR /tmp/postgresql-common
RUN apt-get update \
  && apt-get download postgresql-common \
  && dpkg-deb --extract postgresql-common_*.deb . \
  && rm -rf /var/lib/apt/lists/*

FROM node:26-bookworm-slim AS run
# pg_dump reads servers of its own major version or older only, and bookworm's client is 15:
# docker-compose.yml's server (postgres:17) needs the client of its major version from the
# PostgreSQL project's repository, that one client package only (libpq and the wrappers come with it).
ARG POSTGRES_CLIENT_MAJOR=17
COPY --from=postgres-apt-key \
  /tmp/postgresql-common/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc \
  /usr/share/keyrings/apt.postgresql.org.asc
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates \
  && echo "deb [signed-by=/usr/share/keyrings/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" \
    > /etc/apt/sources.list.d/pgdg.list \
  && apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-${POSTGRES_CLIENT_MAJOR} \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOST=0.0.0.0 MEDIA_DIR=/app/.data/media
# glibc's allocator: buffers of 64 KB or more handed back when freed, one arena
# (scripts/lib/server-bundle.ts).
ENV MALLOC_ARENA_MAX=1 MALLOC_MMAP_THRESHOLD_=65536
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/.next/server.mjs /app/.next/migrate.mjs \
  /app/.next/create-admin.mjs ./.next/
COPY --from=build --chown=node:node /operations/ ./
RUN mkdir -p /app/.data/media && chown -R node:node /app/.data
USER node
EXPOSE 3000
VOLUME ["/app/.data/media"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# exec: the server is PID 1's only child process, so `docker stop` (SIGTERM) reaches it. Its heap
# limit (SERVER_HEAP_MB, in MB) keeps garbage from piling up between full collections.
CMD ["sh", "-c", "node .next/migrate.mjs && exec node --max-old-space-size=${SERVER_HEAP_MB:-256} .next/server.mjs"]
