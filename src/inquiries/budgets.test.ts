import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { concurrentMatchesSerial, lastUnitRace } from '../../tests/support/budget-races'

import { BUDGETS, createInquiryBudgets, emailKey } from './budgets'

const HOUR_MS = 60 * 60 * 1000

describe('inquiry budgets (in-process)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const budgets = () => createInquiryBudgets(null, `unit-${Math.random()}`)

  it('normalises email addresses: trimmed and case-insensitive', () => {
    expect(emailKey(' Ana@Example.COM ')).toBe(emailKey('ana@example.com'))
    expect(emailKey('ana@example.com')).not.toBe(emailKey('ana2@example.com'))
  })

  it('refuses the 4th inquiry for one email within the hour', async () => {
    const limiter = budgets()
    for (let index = 0; index < BUDGETS.perEmail.points; index += 1) {
      expect(
        (await limiter.spend({ email: 'a@example.com', clientAddress: `10.0.0.${index}` })).allowed,
      ).toBe(true)
    }
    const refused = await limiter.spend({ email: 'A@example.com', clientAddress: '10.0.0.9' })
    expect(refused).toEqual({ allowed: false, refusedBy: ['perEmail'], retryAfterSeconds: 3600 })
  })

  it('Retry-After is the ceiling of the wait, in whole seconds', async () => {
    const limiter = budgets()
    for (let index = 0; index < 3; index += 1)
      await limiter.spend({ email: 'a@example.com', clientAddress: null })
    vi.advanceTimersByTime(HOUR_MS - 1_500)
    const refused = await limiter.spend({ email: 'a@example.com', clientAddress: null })
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 2 })
    vi.advanceTimersByTime(1_501)
    expect((await limiter.spend({ email: 'a@example.com', clientAddress: null })).allowed).toBe(
      true,
    )
  })

  it('names every refusing budget and answers with the longest wait', async () => {
    const limiter = budgets()
    // The client's budget starts filling first, so it frees up first.
    for (let index = 0; index < 7; index += 1)
      await limiter.spend({ email: `x${index}@example.com`, clientAddress: '10.1.1.1' })
    vi.advanceTimersByTime(10 * 60 * 1000)
    for (let index = 0; index < 3; index += 1)
      await limiter.spend({ email: 'late@example.com', clientAddress: '10.1.1.1' })
    const refused = await limiter.spend({ email: 'late@example.com', clientAddress: '10.1.1.1' })
    expect(refused).toEqual({
      allowed: false,
      refusedBy: ['perEmail', 'perClient'],
      retryAfterSeconds: 3600,
    })
  })

  it('a refusal spends nothing, and refund gives back what was spent', async () => {
    const limiter = budgets()
    for (let index = 0; index < 3; index += 1)
      await limiter.spend({ email: 'a@example.com', clientAddress: '10.2.2.2' })
    for (let index = 0; index < 5; index += 1) {
      expect(
        (await limiter.spend({ email: 'a@example.com', clientAddress: '10.2.2.2' })).allowed,
      ).toBe(false)
    }
    const last = await limiter.spend({ email: 'b@example.com', clientAddress: '10.2.2.2' })
    expect(last.allowed).toBe(true)
    if (last.allowed) await last.refund()
    // 3 + 7 = 10 for this client: the refunded one and the five refusals cost nothing.
    for (let index = 0; index < 7; index += 1) {
      expect(
        (await limiter.spend({ email: `c${index}@example.com`, clientAddress: '10.2.2.2' }))
          .allowed,
      ).toBe(true)
    }
    expect(
      (await limiter.spend({ email: 'd@example.com', clientAddress: '10.2.2.2' })).allowed,
    ).toBe(false)
  })

  it('unidentified clients share one budget of 20', async () => {
    const limiter = budgets()
    for (let index = 0; index < BUDGETS.unidentified.points; index += 1) {
      expect(
        (await limiter.spend({ email: `u${index}@example.com`, clientAddress: null })).allowed,
      ).toBe(true)
    }
    expect(await limiter.spend({ email: 'v@example.com', clientAddress: null })).toMatchObject({
      refusedBy: ['unidentified'],
    })
    expect(
      (await limiter.spend({ email: 'v@example.com', clientAddress: '10.3.3.3' })).allowed,
    ).toBe(true)
  })

  it('concurrent spending never exceeds a budget', async () => {
    const limiter = budgets()
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        limiter.spend({ email: 'same@example.com', clientAddress: `10.4.0.${index}` }),
      ),
    )
    expect(results.filter((result) => result.allowed)).toHaveLength(3)
  })

  it('a request that will be refused never holds a unit another request needs', async () => {
    // R3 takes the client's last unit, R1 (refused by it) must not hold the email's last unit
    // while R2 asks for it: in call order, R3 and R2 are accepted, as one after another.
    expect(await lastUnitRace(budgets())).toEqual([true, false, true])
  })

  it('concurrent requests are decided exactly as the same requests one after another', async () => {
    await concurrentMatchesSerial(budgets)
  })

  it('a refund gives back exactly what was spent, once', async () => {
    const limiter = budgets()
    const spent = await limiter.spend({ email: 'r@example.com', clientAddress: null })
    for (let index = 0; index < 2; index += 1) {
      await limiter.spend({ email: 'r@example.com', clientAddress: null })
    }
    if (spent.allowed) {
      await spent.refund()
      await spent.refund()
    }
    expect((await limiter.spend({ email: 'r@example.com', clientAddress: null })).allowed).toBe(
      true,
    )
    expect((await limiter.spend({ email: 'r@example.com', clientAddress: null })).allowed).toBe(
      false,
    )
  })
})
