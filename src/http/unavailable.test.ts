import { describe, expect, it } from 'vitest'

import { isDatabaseUnavailable } from './unavailable'

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures, also wrapped', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })),
    ).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true)
    expect(
      isDatabaseUnavailable(
        new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }),
      ),
    ).toBe(true)
    // How Payload re-throws a connection reset when it starts a transaction: the code in text only.
    expect(
      isDatabaseUnavailable(new Error('Error: cannot begin transaction: read ECONNRESET')),
    ).toBe(true)
  })

  it('leaves other errors alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
    expect(isDatabaseUnavailable(new Error('value XECONNRESETX is not a code'))).toBe(false)
  })
})
