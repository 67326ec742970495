import { inject } from 'vitest'
import { afterAll, describe, expect, it } from 'vitest'

import { startApp, type AppServer } from '../support/app-server'
import { getJson } from '../support/api'

describe('GET /api/health', () => {
  let unreachable: AppServer | undefined

  afterAll(async () => {
    await unreachable?.stop()
  })

  it('is 200 while the database answers', async () => {
    const { status, body } = await getJson('/api/health')
    expect(status).toBe(200)
    expect(body).toEqual({ status: 'ok', database: 'ok' })
  })

  it('is 503 (not 500) when the database is unreachable', async () => {
    const dead = new URL(inject('databaseUrl'))
    dead.port = '1'
    unreachable = await startApp('app-no-database', { DATABASE_URL: dead.toString() })
    const response = await fetch(`${unreachable.url}/api/health`)
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ status: 'unavailable', database: 'unreachable' })
  })
})
