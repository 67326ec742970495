import { Redis } from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'

import { createInquiryBudgets } from '@/inquiries/budgets'

import { startApp, type AppServer } from '../support/app-server'
import { concurrentMatchesSerial, lastUnitRace } from '../support/budget-races'
import { APP_SETTINGS } from '../support/global-setup'
import { postInquiry, resetBudgets, uniqueClient, validInquiry } from '../support/inquiries'

/** Sends `count` valid inquiries one after another; returns their statuses. */
async function send(count: number, make: (index: number) => Parameters<typeof postInquiry>) {
  const statuses: number[] = []
  for (let index = 0; index < count; index += 1)
    statuses.push((await postInquiry(...make(index))).status)
  return statuses
}

const accepted = (count: number) => Array<number>(count).fill(201)

describe('inquiry budgets', () => {
  beforeEach(resetBudgets)

  it('3 per email address per hour, the address trimmed and case-insensitive', async () => {
    const email = validInquiry().email as string
    const variants = [
      email,
      ` ${email.toUpperCase()} `,
      email.replace(/^./, (c) => c.toUpperCase()),
    ]
    expect(await send(3, (index) => [validInquiry({ email: variants[index] })])).toEqual(
      accepted(3),
    )
    const refused = await postInquiry(validInquiry({ email }))
    expect(refused.status).toBe(429)
    expect(refused.body.error?.code).toBe('rate_limited')
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(refused.body.error?.message).toContain(String(retryAfter))
  })

  it('10 per identified client per hour', async () => {
    const client = uniqueClient()
    expect(await send(10, () => [validInquiry(), { client }])).toEqual(accepted(10))
    expect((await postInquiry(validInquiry(), { client })).status).toBe(429)
    expect((await postInquiry(validInquiry(), { client: uniqueClient() })).status).toBe(201)
  })

  it('IPv6 clients are one client per /64', async () => {
    const prefix = `2001:db8:${Date.now() % 9999}:1`
    expect(
      await send(10, (index) => [validInquiry(), { client: `${prefix}::${index + 1}` }]),
    ).toEqual(accepted(10))
    expect((await postInquiry(validInquiry(), { client: `${prefix}:ffff:1:2:3` })).status).toBe(429)
    expect(
      (await postInquiry(validInquiry(), { client: `2001:db8:${Date.now() % 9999}:2::1` })).status,
    ).toBe(201)
  })

  it('20 per hour shared by every unidentified client', async () => {
    // Through the trusted proxy with no usable X-Forwarded-For: the client can't be established.
    const unidentified = (index: number): Parameters<typeof postInquiry> =>
      index % 2 === 0
        ? [validInquiry(), { client: null }]
        : [validInquiry(), { client: 'not-an-address' }]
    expect(await send(20, unidentified)).toEqual(accepted(20))
    expect((await postInquiry(validInquiry(), { client: null })).status).toBe(429)
    expect((await postInquiry(validInquiry(), { client: uniqueClient() })).status).toBe(201)
  })

  it('100 per hour globally', async () => {
    expect(await send(100, () => [validInquiry(), { client: uniqueClient() }])).toEqual(
      accepted(100),
    )
    const refused = await postInquiry(validInquiry(), { client: uniqueClient() })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('a refusal by one budget spends none of the others', async () => {
    const client = uniqueClient()
    const email = validInquiry().email as string
    expect(await send(3, () => [validInquiry({ email }), { client }])).toEqual(accepted(3))
    // Five refusals by the email budget must not eat into this client's 10.
    expect(await send(5, () => [validInquiry({ email }), { client }])).toEqual(Array(5).fill(429))
    expect(await send(7, () => [validInquiry(), { client }])).toEqual(accepted(7))
    expect((await postInquiry(validInquiry(), { client })).status).toBe(429)
  })

  it('invalid, oversized and cross-origin requests spend nothing', async () => {
    const client = uniqueClient()
    const email = validInquiry().email as string
    await postInquiry({ email, name: 'x' }, { client })
    await postInquiry(validInquiry({ email }), {
      client,
      headers: { Origin: 'https://evil.example' },
    })
    await postInquiry(JSON.stringify(validInquiry({ email, message: 'x'.repeat(40_000) })), {
      client,
    })
    expect(await send(3, () => [validInquiry({ email }), { client }])).toEqual(accepted(3))
  })

  it('50 parallel inquiries for one email: exactly 3 accepted', async () => {
    const email = validInquiry().email as string
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        postInquiry(validInquiry({ email }), { client: uniqueClient() }),
      ),
    )
    const statuses = results.map((result) => result.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(3)
    expect(statuses.filter((status) => status === 429)).toHaveLength(47)
    // The 47 refusals were given back everywhere: 97 of the global 100 remain.
    expect(await send(97, () => [validInquiry(), { client: uniqueClient() }])).toEqual(accepted(97))
    expect((await postInquiry(validInquiry(), { client: uniqueClient() })).status).toBe(429)
  })

  describe('on an instance that trusts no proxy', () => {
    let direct: AppServer

    afterAll(async () => {
      await direct?.stop()
    })

    it('forged forwarding headers buy nothing', async () => {
      direct = await startApp('app-no-proxies', {
        DATABASE_URL: inject('databaseUrl'),
        REDIS_URL: inject('redisUrl'),
        REDIS_KEY_PREFIX: inject('redisPrefix'),
        INQUIRY_TO: APP_SETTINGS.INQUIRY_TO,
        TRUSTED_PROXIES: '',
        SMTP_URL: 'smtp://127.0.0.1:1',
      })
      const forged = (index: number) => ({
        'X-Forwarded-For': `203.0.113.${index}`,
        'X-Real-IP': `203.0.113.${index}`,
        Forwarded: `for=203.0.113.${index}`,
        'X-Client-Address': `203.0.113.${index}`,
        'X-Client-Address-Signature': 'forged',
      })
      const statuses = await send(11, (index) => [
        validInquiry(),
        { baseUrl: direct.url, client: null, headers: forged(index) },
      ])
      expect(statuses).toEqual([...accepted(10), 429])
    })
  })

  describe('check and spend are one atomic step in Redis', () => {
    let redis: Redis
    let runs = 0
    // Budgets of their own (a prefix of this run's namespace) on the tests' Redis.
    const fresh = () =>
      createInquiryBudgets(redis, `${inject('redisPrefix')}:atomic-${Date.now()}-${(runs += 1)}`)

    beforeAll(async () => {
      redis = new Redis(inject('redisUrl'))
      await redis.ping()
    })
    afterAll(() => {
      redis?.disconnect()
    })

    it('a request that will be refused never holds a unit another request needs', async () => {
      // Through one connection, like the app's: Redis runs the scripts in the order they came.
      expect(await lastUnitRace(fresh())).toEqual([true, false, true])
    })

    it('concurrent requests are decided exactly as the same requests one after another', async () => {
      await concurrentMatchesSerial(fresh, 150)
    }, 120_000)

    it('loads its script into a Redis that has none (EVALSHA falls back to EVAL)', async () => {
      await redis.script('FLUSH')
      const budgets = fresh()
      const decisions = await Promise.all(
        Array.from({ length: 5 }, () =>
          budgets.spend({ email: 'flush@example.com', clientAddress: '10.9.9.9' }),
        ),
      )
      expect(decisions.map((decision) => decision.allowed)).toEqual([
        true,
        true,
        true,
        false,
        false,
      ])
    })

    it('keeps a window: the first unit sets the expiry, a refusal says how long is left', async () => {
      const budgets = fresh()
      for (let index = 0; index < 3; index += 1) {
        await budgets.spend({ email: 'window@example.com', clientAddress: '10.9.9.8' })
      }
      const refused = await budgets.spend({
        email: 'window@example.com',
        clientAddress: '10.9.9.8',
      })
      expect(refused).toMatchObject({ allowed: false, refusedBy: ['perEmail'] })
      expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(3590)
      expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeLessThanOrEqual(3600)
    })
  })
})
