import { Forbidden, NotFound, UnauthorizedError, ValidationError } from 'payload'
import { describe, expect, it } from 'vitest'

import { withStatusSlot, type StatusSlot } from '@/http/response-status'

import { answeringRefusals, refusalStatusOf } from './server-functions'

describe('refusalStatusOf', () => {
  it("reads Payload's refusals by their status, and its server functions' not-found errors", () => {
    expect(refusalStatusOf(new Forbidden())).toBe(403)
    expect(refusalStatusOf(new UnauthorizedError())).toBe(401)
    expect(refusalStatusOf(new NotFound())).toBe(404)
    expect(refusalStatusOf(new Error('not-found'))).toBe(404)
    expect(refusalStatusOf(new Error('Unknown Server Function: nope'))).toBe(404)
    // A renamed class (a bundled copy) is still read by its status.
    expect(refusalStatusOf(Object.assign(new Error('x'), { name: 'h', status: 403 }))).toBe(403)
  })

  it('leaves everything else to be a fault', () => {
    expect(refusalStatusOf(new ValidationError({ errors: [] }))).toBeNull()
    expect(
      refusalStatusOf(new TypeError("Cannot read properties of undefined (reading 'x')")),
    ).toBeNull()
    expect(refusalStatusOf(Object.assign(new Error('db'), { status: 500 }))).toBeNull()
    expect(refusalStatusOf('not-found')).toBeNull()
  })
})

describe('answeringRefusals', () => {
  /** The digest Next.js gives the error its interrupts throw (`notFound()`, `forbidden()`…). */
  const digestOf = async (call: () => Promise<unknown>) => {
    try {
      await answeringRefusals(call)
    } catch (error) {
      return (error as { digest?: string }).digest ?? error
    }
    return 'answered'
  }

  it('answers a result through, and rethrows a fault as it was', async () => {
    expect(await answeringRefusals(async () => 'result')).toBe('result')
    const fault = new TypeError('boom')
    expect(await digestOf(() => Promise.reject(fault))).toBe(fault)
  })

  it("ends a refused call with Next.js's not-found interrupt, the refusal's status recorded", async () => {
    for (const [error, status] of [
      [new Error('not-found'), 404],
      [new Forbidden(), 403],
      [new UnauthorizedError(), 401],
    ] as const) {
      const slot: StatusSlot = {}
      const digest = await withStatusSlot(slot, () => digestOf(() => Promise.reject(error)))
      expect(digest).toBe('NEXT_HTTP_ERROR_FALLBACK;404')
      expect(slot.status).toBe(status)
    }
  })
})
