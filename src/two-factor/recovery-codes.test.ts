import { describe, expect, it } from 'vitest'

import {
  newRecoveryCodes,
  parseDigests,
  RECOVERY_CODES,
  recoveryCodeDigest,
  recoveryCodeShape,
  serialiseDigests,
} from './recovery-codes'

describe('recovery codes', () => {
  it('are ten distinct codes of two groups of five, without look-alike characters', () => {
    const codes = newRecoveryCodes()
    expect(codes).toHaveLength(RECOVERY_CODES.count)
    expect(new Set(codes).size).toBe(codes.length)
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/)
  })

  it('are read however they are typed: case, spaces and dashes do not matter', () => {
    const [code] = newRecoveryCodes(1) as [string]
    const typed = ` ${code.toLowerCase().replace('-', ' ')} `
    expect(recoveryCodeShape(typed)).toBe(code.replace('-', ''))
    expect(recoveryCodeDigest(typed, 'key')).toBe(recoveryCodeDigest(code, 'key'))
    expect(recoveryCodeShape('123456')).toBeNull()
    expect(recoveryCodeShape('ABCDE-FGHJ0')).toBeNull()
  })

  it('are stored as keyed digests only', () => {
    const [code] = newRecoveryCodes(1) as [string]
    const digest = recoveryCodeDigest(code, 'key')
    expect(digest).not.toContain(code.replace('-', ''))
    expect(recoveryCodeDigest(code, 'another key')).not.toBe(digest)
    const stored = serialiseDigests([digest, 'b', 'c'])
    expect(parseDigests(stored)).toEqual([digest, 'b', 'c'])
    expect(parseDigests(null)).toEqual([])
    expect(parseDigests('')).toEqual([])
  })
})
