import { afterAll, describe, expect, inject, it } from 'vitest'

import { getJson } from '../support/api'
import { freePort, startApp, type AppServer } from '../support/app-server'

describe('GET /api/health (liveness) and GET /api/ready (readiness)', () => {
  const started: AppServer[] = []

  afterAll(async () => {
    for (const app of started) await app.stop()
  })

  it('are both 200 while the database and Redis answer', async () => {
    const health = await getJson('/api/health')
    expect(health.status).toBe(200)
    expect(health.body).toEqual({ status: 'ok' })
    expect(health.response.headers.get('cache-control')).toBe('no-store')
    const ready = await getJson('/api/ready')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: 'ready', database: 'ok', redis: 'ok' })
  })

  it('ready is 503 (not 500) when the database is unreachable; health stays 200', async () => {
    const dead = new URL(inject('databaseUrl'))
    dead.port = '1'
    const app = await startApp('app-no-database', { DATABASE_URL: dead.toString() })
    started.push(app)
    const ready = await fetch(`${app.url}/api/ready`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      redis: 'not_configured',
    })
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200)
  })

  it('ready is 503 when the configured Redis is unreachable', async () => {
    const app = await startApp('app-no-redis', {
      DATABASE_URL: inject('databaseUrl'),
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    })
    started.push(app)
    const ready = await fetch(`${app.url}/api/ready`)
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({
      status: 'unavailable',
      database: 'ok',
      redis: 'unreachable',
    })
  })
})
