import { rmSync } from 'node:fs'
import path from 'node:path'

import { adminWithApiKey } from './admin'
import { runScript, startApp, type AppServer } from './app-server'
import { lexical } from './factories'
import { startReplicatedPostgres, type ReplicatedPostgres } from './replicated-postgres'

/**
 * An instance of the site of its own, reading through a real streaming replica: writes and the
 * change notifications on the primary, reads (`DATABASE_READ_REPLICAS`) on the standby. It has
 * its own first admin, with an API key, and talks to nothing else (no Redis, no SMTP).
 */
export interface ReplicatedApp {
  app: AppServer
  postgres: ReplicatedPostgres
  /** A request to this instance as its admin (API key); JSON bodies are labelled as such. */
  asAdmin: (path: string, init?: RequestInit) => Promise<Response>
  stop: () => Promise<void>
}

const DATABASE = 'consultancy'
const ADMIN = { email: 'replica-admin@example.test', password: 'correct-horse-battery-staple' }
const ADMIN_API_KEY = 'test-replica-admin-api-key-0123456789'

export async function startReplicatedApp(name: string): Promise<ReplicatedApp> {
  const postgres = await startReplicatedPostgres(DATABASE)
  const mediaDir = path.resolve(`.data/test-media-${name}`)
  rmSync(mediaDir, { recursive: true, force: true })
  let app: AppServer | undefined
  try {
    const env = { DATABASE_URL: postgres.primaryUrl(DATABASE), MEDIA_DIR: mediaDir }
    if ((await runScript('scripts/migrate.ts', env)) !== 0) throw new Error('migrations failed')
    app = await startApp(name, { ...env, DATABASE_READ_REPLICAS: postgres.standbyUrl(DATABASE) })
    const authorization = await adminWithApiKey(app.url, env, ADMIN, ADMIN_API_KEY)
    const url = app.url
    const running = app
    return {
      app,
      postgres,
      asAdmin: (target, init = {}) =>
        fetch(`${url}${target}`, {
          ...init,
          headers: {
            ...(typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
            Authorization: authorization,
            ...init.headers,
          },
        }),
      stop: async () => {
        await running.stop()
        await postgres.stop()
        rmSync(mediaDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await app?.stop()
    await postgres.stop()
    throw error
  }
}

/** The body of a published or draft post as an editor's REST call sends it, in English. */
export function postBody(slug: string, title: string, status: 'published' | 'draft') {
  return {
    _status: status,
    slug,
    title,
    excerpt: `Excerpt of ${slug}`,
    content: lexical(`Body of ${title}`),
  }
}
