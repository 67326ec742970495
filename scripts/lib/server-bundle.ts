/**
 * The project's HTTP server (src/server/start.ts), migration runner (scripts/migrate.ts) and
 * create-admin command (scripts/create-admin.ts) compiled to JavaScript files next to the Next.js build, so production runs plain `node` on
 * them: no TypeScript loader thread at run time (about 100 MB of RSS and half a second of start),
 * and a Docker image needs no sources.
 */
import path from 'node:path'

import { build, type BuildOptions } from 'esbuild'

import { shareBuildServerChunks, type SharedChunks } from './server-chunks'

/** The Next.js build's directory (`NEXT_DIST_DIR`, else `.next`). */
export const distDir = () => process.env.NEXT_DIST_DIR || '.next'

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

/**
 * The server's settings for glibc's allocator, each left to the environment when it sets it. What
 * Node allocates outside V8's heap (Buffers: the response cache's entries, the bodies being
 * streamed, compression's tables; V8's own compiler memory) comes from malloc, which keeps what
 * was freed for its next allocations rather than give it back, and a cache that evicts bodies of
 * every size leaves holes it seldom fills exactly:
 * - `MALLOC_MMAP_THRESHOLD_`: an allocation of 64 KB or more gets its own mapping, handed back
 *   to the system when freed (large answers, and the buffers that build and send them). By default the
 *   threshold starts at 128 KB and rises with each such block freed (up to 32 MB), after which
 *   large buffers come from the main heap, which only gives back its top.
 * - `MALLOC_ARENA_MAX`: one arena, shared by the threads Node runs (libuv's pool, V8's platform
 *   workers), instead of eight per core; each thread's arena otherwise keeps what it freed, which
 *   the main thread can't reuse.
 * Measured on the memory benchmark's mixed load with the server on Node 26: glibc held 231 MB
 * (of which 142 MB in use) with two arenas and a 128 KB threshold; the peak fell from 508–516 MB
 * to 483 MB with these, at the same CPU per miss. A 32 KB threshold did about as well (471–479 MB)
 * and made the cold start half a second slower (docs/benchmarks.md). The Dockerfile sets the
 * same values (a unit test compares them).
 */
export const SERVER_ALLOCATOR_ENV = {
  MALLOC_ARENA_MAX: '1',
  MALLOC_MMAP_THRESHOLD_: '65536',
} as const

/** The allocator settings to give the server: those `env` doesn't set itself. */
export function serverEnv(
  env: Record<string, string | undefined> = process.env,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SERVER_ALLOCATOR_ENV).filter(([name]) => env[name] === undefined),
  )
}

export function migrateBundlePath(): string {
  return path.join(distDir(), 'migrate.mjs')
}

export function createAdminBundlePath(): string {
  return path.join(distDir(), 'create-admin.mjs')
}

async function buildServerBundle(): Promise<void> {
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

/**
 * What every build runs after `next build` (`npm run build`, `npm test`, the benchmarks, the
 * visual baselines): each server chunk Turbopack wrote more than once made a reference to its
 * first (scripts/lib/server-chunks.ts), then the bundles above.
 */
export async function completeBuild({
  shareChunks = serverChunkSharing(),
}: { shareChunks?: boolean } = {}): Promise<SharedChunks> {
  const shared = shareChunks
    ? shareBuildServerChunks(distDir())
    : { chunks: 0, replaced: 0, bytes: 0 }
  await buildServerBundle()
  return shared
}

/**
 * Whether a build shares its duplicate server chunks: an optimisation on Turbopack's output that
 * `SHARE_SERVER_CHUNKS=off` (or `FRAMEWORK_BYPASSES=off`) leaves out, should Turbopack's layout
 * change under it. The build is correct either way; sharing only saves memory.
 */
export function serverChunkSharing(
  environment: Record<string, string | undefined> = process.env,
): boolean {
  return environment.FRAMEWORK_BYPASSES !== 'off' && environment.SHARE_SERVER_CHUNKS !== 'off'
}

/**
 * A build made without sharing its chunks (the run with every bypass off) shares them afterwards,
 * before the suites that rely on it.
 */
export function shareChunksOfBuild(): SharedChunks {
  return shareBuildServerChunks(distDir())
}
