import { generate } from 'otplib'
import { describe, expect, it } from 'vitest'

import { acceptedTotpStep, newTotpSecret, otpauthUri, TOTP, totpCodeShape } from './totp'

const NOW = 1_800_000_015 // 15 s into step 60_000_000
const STEP = Math.floor(NOW / TOTP.periodSeconds)

const codeAt = (secret: string, epoch: number) => generate({ secret, epoch })

describe('TOTP codes', () => {
  it('accepts the current code and names its time step', async () => {
    const secret = newTotpSecret()
    const code = await codeAt(secret, NOW)
    expect(await acceptedTotpStep({ secret, code, lastStep: null, nowSeconds: NOW })).toBe(STEP)
  })

  it('accepts the step before and after (clock drift), not two steps away', async () => {
    const secret = newTotpSecret()
    const before = await codeAt(secret, NOW - 30)
    const after = await codeAt(secret, NOW + 30)
    const far = await codeAt(secret, NOW - 90)
    expect(await acceptedTotpStep({ secret, code: before, lastStep: null, nowSeconds: NOW })).toBe(
      STEP - 1,
    )
    expect(await acceptedTotpStep({ secret, code: after, lastStep: null, nowSeconds: NOW })).toBe(
      STEP + 1,
    )
    expect(
      await acceptedTotpStep({ secret, code: far, lastStep: null, nowSeconds: NOW }),
    ).toBeNull()
  })

  it('refuses a code for a step the account already used, or an earlier one (replay)', async () => {
    const secret = newTotpSecret()
    const code = await codeAt(secret, NOW)
    expect(await acceptedTotpStep({ secret, code, lastStep: STEP, nowSeconds: NOW })).toBeNull()
    const earlier = await codeAt(secret, NOW - 30)
    expect(
      await acceptedTotpStep({ secret, code: earlier, lastStep: STEP - 1, nowSeconds: NOW }),
    ).toBeNull()
    expect(await acceptedTotpStep({ secret, code, lastStep: STEP - 1, nowSeconds: NOW })).toBe(STEP)
  })

  it('refuses another secret’s code and anything that is no code', async () => {
    const code = await codeAt(newTotpSecret(), NOW)
    const secret = newTotpSecret()
    expect(await acceptedTotpStep({ secret, code, lastStep: null, nowSeconds: NOW })).toBeNull()
    for (const typed of ['', '12345', '1234567', 'abcdef', '12 34 5x'])
      expect(
        await acceptedTotpStep({ secret, code: typed, lastStep: null, nowSeconds: NOW }),
      ).toBeNull()
  })

  it('reads a code typed with spaces as apps show it', async () => {
    expect(totpCodeShape('123 456')).toBe('123456')
    expect(totpCodeShape(' 123-456 ')).toBe('123456')
    expect(totpCodeShape('ABCDE-FGHJK')).toBeNull()
  })

  it('makes 160-bit secrets and an otpauth URI the apps read', () => {
    const secret = newTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(newTotpSecret()).not.toBe(secret)
    const uri = new URL(otpauthUri('Northwind Consulting', 'ana@example.test', secret))
    expect(uri.protocol).toBe('otpauth:')
    expect(decodeURIComponent(uri.pathname)).toContain('Northwind Consulting:ana@example.test')
    expect(uri.searchParams.get('secret')).toBe(secret)
    expect(uri.searchParams.get('issuer')).toBe('Northwind Consulting')
  })
})
