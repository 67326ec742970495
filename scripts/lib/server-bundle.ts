/**
 * The project's HTTP server (src/server/start.ts), migration runner (scripts/migrate.ts) and
 * create-admin command (scripts/create-admin.ts) compiled to JavaScript files next to the Next.js build, so production runs plain `node` on
 * them: no TypeScript loader thread at run time (about 100 MB of RSS and half a second of start),
 * and a Docker image needs no sources.
 */
import path from 'node:path'

import { build, type BuildOptions } from 'esbuild'

const distDir = () => process.env.NEXT_DIST_DIR || '.next'

export function serverBundlePath(): string {
  return path.join(distDir(), 'server.mjs')
}

/**
 * The server's V8 heap limit, in MB (`SERVER_HEAP_MB` overrides it). With none, V8 sizes the old
 * space from the machine's memory (4 GB on a 24 GB machine) and lets garbage build up for
 * hundreds of megabytes between full collections: after 2,000 distinct cache misses the server's
 * RSS was 700 MB, of which 300 MB went at the next full collection. What it keeps (code, the
 * site settings, Payload's and Next's state) is about 120 MB of heap and renders are short-lived,
 * so a limit of twice that keeps collections cheap and the process well inside 512 MB. The
 * Dockerfile's default is the same number (a unit test compares them).
 */
export const SERVER_HEAP_MB = 256

/** Node's arguments for the server bundle: its heap limit. */
export function serverNodeArgs(): string[] {
  const megabytes = Number(process.env.SERVER_HEAP_MB) || SERVER_HEAP_MB
  return [`--max-old-space-size=${megabytes}`]
}

export function migrateBundlePath(): string {
  return path.join(distDir(), 'migrate.mjs')
}

export function createAdminBundlePath(): string {
  return path.join(distDir(), 'create-admin.mjs')
}

export async function buildServerBundle(): Promise<void> {
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Everything but Next.js (which the standalone output carries) and native addons is bundled:
    // the Docker image's node_modules holds only what Next's own tracing kept.
    external: ['next', 'sharp', 'pg-native'],
    loader: { '.css': 'empty', '.scss': 'empty' },
    // Bundled CommonJS packages still call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    logLevel: 'warning',
  }
  await Promise.all([
    build({ ...common, entryPoints: ['src/server/start.ts'], outfile: serverBundlePath() }),
    build({ ...common, entryPoints: ['scripts/migrate.ts'], outfile: migrateBundlePath() }),
    build({
      ...common,
      entryPoints: ['scripts/create-admin.ts'],
      outfile: createAdminBundlePath(),
    }),
  ])
}
