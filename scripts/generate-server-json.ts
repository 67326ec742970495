/**
 * Writes server.json, the MCP registry's description of the site's MCP server, at the repository
 * root from the tool definitions the server registers (src/mcp/discovery.ts), for the site's
 * public origin: the `SITE_URL` setting (src/env.ts; `.env` is read as `npm run dev` reads it),
 * whose default when unset is http://localhost:$PORT. Set it to the production origin before
 * publishing to the registry:
 *
 *   SITE_URL=https://www.your-domain.com npm run generate:server-json
 *
 * A test fails while the committed file differs from what this writes for the URL it names.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'

import nextEnv from '@next/env'

const root = path.join(import.meta.dirname, '..')
nextEnv.loadEnvConfig(root)

// Imported after the settings are loaded: `env` reads them once, as it is first imported.
const { env } = await import('../src/env')
const { asJsonFile, serverJson } = await import('../src/mcp/discovery')

const file = path.join(root, 'server.json')
writeFileSync(file, asJsonFile(serverJson(env.SITE_URL)))
const source = process.env.SITE_URL
  ? 'from SITE_URL'
  : 'SITE_URL is unset: the default, http://localhost:$PORT; set it to the production origin before publishing'
console.log(`Wrote ${path.relative(process.cwd(), file)} for ${env.SITE_URL} (${source})`)
