import { spawn, type ChildProcess } from 'node:child_process'

import { Redis } from 'ioredis'
import { afterAll, describe, expect, inject, it } from 'vitest'

import { freePort, startApp, type AppServer } from '../support/app-server'
import { withConnection } from '../support/database'
import { postInquiry, validInquiry } from '../support/inquiries'
import { waitUntil } from '../support/poll'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy'

/**
 * Dependencies failing under a running instance: it keeps answering (503, never 500), loses no
 * accepted inquiry, and recovers by itself when they come back.
 */
const apps: AppServer[] = []
let proxy: TcpProxy | undefined
let redisServer: ChildProcess | undefined

afterAll(async () => {
  for (const app of apps) await app.stop()
  await proxy?.close()
  redisServer?.kill('SIGKILL')
})

/** Polls `check` (an error it throws counts as "not yet"); resolves with the ms it took. */
const until = (check: () => Promise<boolean>, timeoutMs = 20_000): Promise<number> =>
  waitUntil('the condition', () => check().catch(() => false), {
    withinMs: timeoutMs,
    everyMs: 100,
    timeout: 'timed out',
  })

const statusOf = async (url: string, init?: RequestInit) => (await fetch(url, init)).status

describe('PostgreSQL going away and coming back', () => {
  it('answers 503 while it is down, loses no accepted inquiry, and recovers without a restart', async () => {
    const direct = new URL(inject('databaseUrl'))
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
    const viaProxy = new URL(direct)
    viaProxy.port = String(proxy.port)
    const app = await startApp('faults-postgres', {
      ...inject('appEnv'),
      DATABASE_URL: viaProxy.toString(),
    })
    apps.push(app)
    const list = `${app.url}/api/posts?limit=1`
    expect(await statusOf(list)).toBe(200)
    expect(await statusOf(`${app.url}/api/ready`)).toBe(200)

    // Readers keep reading throughout; every answer is recorded.
    const seen = new Map<number, number>()
    let reading = true
    const readers = Promise.all(
      Array.from({ length: 4 }, async (_, reader) => {
        while (reading) {
          const status = await statusOf(`${list}&page=${reader + 1}`).catch(() => 0)
          seen.set(status, (seen.get(status) ?? 0) + 1)
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      }),
    )

    const accepted: string[] = []
    const before = validInquiry()
    expect((await postInquiry(before, { baseUrl: app.url })).status).toBe(201)
    accepted.push(String(before.email))

    proxy.down()
    await until(async () => (await statusOf(`${app.url}/api/ready`)) === 503)
    expect(await statusOf(`${app.url}/api/health`)).toBe(200)
    const during = await postInquiry(validInquiry(), { baseUrl: app.url })
    expect(during.status).toBe(503)
    expect(during.body.error?.code).toBe('unavailable')
    const read = await fetch(`${list}&sort=title`)
    expect(read.status).toBe(503)
    expect((await read.json()).error.code).toBe('unavailable')

    proxy.up()
    const recovered = await until(async () => (await statusOf(`${list}&sort=-title`)) === 200)
    await until(async () => (await statusOf(`${app.url}/api/ready`)) === 200)
    const after = validInquiry()
    expect((await postInquiry(after, { baseUrl: app.url })).status).toBe(201)
    accepted.push(String(after.email))
    // The cache is back in use once its change feed has reconnected.
    await until(async () => (await fetch(list)).headers.get('x-cache') === 'HIT')

    reading = false
    await readers
    expect([...seen.keys()].filter((status) => status >= 500 && status !== 503)).toEqual([])
    expect(seen.get(200)).toBeGreaterThan(0)

    const { rows } = await withConnection(inject('databaseUrl'), (db) =>
      db.query<{ email: string }>('select email from inquiries where email = any($1)', [accepted]),
    )
    expect(rows.map((row) => row.email).sort()).toEqual([...accepted].sort())
    console.log(`reads recovered ${recovered} ms after PostgreSQL came back`)
  })
})

describe('Redis going away and coming back', () => {
  async function startRedis(port: number): Promise<ChildProcess> {
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    )
    await until(async () => {
      const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => null })
      probe.on('error', () => undefined) // refused until the server is up
      try {
        await probe.connect()
        return (await probe.ping()) === 'PONG'
      } finally {
        probe.disconnect()
      }
    })
    return server
  }

  it('falls back to in-process budgets while it is down, and uses Redis again once it is back', async () => {
    const port = await freePort()
    redisServer = await startRedis(port)
    const prefix = `faults-${Date.now()}`
    const app = await startApp('faults-redis', {
      ...inject('appEnv'),
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_KEY_PREFIX: prefix,
    })
    apps.push(app)
    const redis = new Redis({ port, lazyConnect: true, retryStrategy: () => 200 })
    redis.on('error', () => undefined) // it is meant to go away for a while
    try {
      expect((await postInquiry(validInquiry(), { baseUrl: app.url })).status).toBe(201)
      await redis.connect()
      expect((await redis.keys(`${prefix}:*`)).length).toBeGreaterThan(0)

      redisServer.kill('SIGKILL')
      await until(async () => (await statusOf(`${app.url}/api/ready`)) === 503)
      // Budgets still hold, counted in the process: the 4th inquiry for one address is refused.
      const sender = validInquiry()
      const statuses = []
      for (let attempt = 0; attempt < 4; attempt += 1)
        statuses.push((await postInquiry(sender, { baseUrl: app.url })).status)
      expect(statuses).toEqual([201, 201, 201, 429])

      redisServer = await startRedis(port)
      await until(async () => (await statusOf(`${app.url}/api/ready`)) === 200)
      const later = validInquiry()
      expect((await postInquiry(later, { baseUrl: app.url })).status).toBe(201)
      await until(async () => (await redis.keys(`${prefix}:*`)).length > 0)
    } finally {
      redis.disconnect()
    }
  })
})
