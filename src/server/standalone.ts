import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * In Next's standalone output (the Docker image) there is no next.config.ts to load, and loading
 * one would need build tooling the image leaves out. The build wrote the resolved configuration
 * to required-server-files.json; this hands it to Next the way its own standalone server.js does.
 */
export function applyStandaloneConfig(): void {
  if (existsSync('next.config.ts')) return
  const file = path.join(process.env.NEXT_DIST_DIR || '.next', 'required-server-files.json')
  if (!existsSync(file)) return
  const { config } = JSON.parse(readFileSync(file, 'utf8')) as { config: unknown }
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config)
}
