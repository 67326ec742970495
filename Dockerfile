# syntax=docker/dockerfile:1
# The app image: Next.js standalone output plus the project's compiled server and migration
# runner; no sources, no dev dependencies. On start it applies pending migrations (under an
# advisory lock, so replicas may start together), then serves on $PORT as the `node` user.
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

FROM node:26-bookworm-slim AS run
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
RUN mkdir -p /app/.data/media && chown -R node:node /app/.data
USER node
EXPOSE 3000
VOLUME ["/app/.data/media"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# exec: the server is PID 1's only child process, so `docker stop` (SIGTERM) reaches it. Its heap
# limit (SERVER_HEAP_MB, in MB) keeps garbage from piling up between full collections.
CMD ["sh", "-c", "node .next/migrate.mjs && exec node --max-old-space-size=${SERVER_HEAP_MB:-256} .next/server.mjs"]
