/**
 * The project's HTTP server (src/server/main.ts) and migration runner (scripts/migrate.ts)
 * compiled to JavaScript files next to the Next.js build, so production runs plain `node` on
 * them: no TypeScript loader thread at run time (about 100 MB of RSS and half a second of start),
 * and a Docker image needs no sources. Packages stay external, resolved from node_modules as
 * usual; only the project's own modules are bundled.
 */
import path from 'node:path'

import { build } from 'esbuild'

const distDir = () => process.env.NEXT_DIST_DIR || '.next'

export function serverBundlePath(): string {
  return path.join(distDir(), 'server.mjs')
}

export function migrateBundlePath(): string {
  return path.join(distDir(), 'migrate.mjs')
}

export async function buildServerBundle(): Promise<void> {
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  } as const
  await Promise.all([
    build({ ...common, entryPoints: ['src/server/main.ts'], outfile: serverBundlePath() }),
    build({ ...common, entryPoints: ['scripts/migrate.ts'], outfile: migrateBundlePath() }),
  ])
}
