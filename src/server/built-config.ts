import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Hands Next.js the configuration its build resolved (required-server-files.json), the way its own
 * standalone server.js does, instead of letting it load next.config.ts again. In the standalone
 * output (the Docker image) there is no next.config.ts to load. In a checkout there is, and
 * loading it at start compiled it with Next's SWC binary: 26 MB of resident memory kept for
 * the life of the process, for a configuration the build had already resolved. A change to
 * next.config.ts takes a build either way. Without a build's file (none yet), Next loads it.
 */
export function applyBuiltConfig(): void {
  const file = path.join(process.env.NEXT_DIST_DIR || '.next', 'required-server-files.json')
  if (!existsSync(file)) return
  const { config } = JSON.parse(readFileSync(file, 'utf8')) as { config: unknown }
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config)
}
