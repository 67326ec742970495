import { describe, expect, it } from 'vitest'

import { openSecret, recoveryCodeKey, sealSecret } from './secret-box'

const KEY = 'a-payload-secret-for-this-test-0123456789'

describe('the sealed TOTP secret', () => {
  it('opens with the key that sealed it, and the stored form does not contain it', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', KEY)
    expect(sealed).not.toContain('JBSWY3DP')
    expect(sealed).not.toBe(sealSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', KEY))
    expect(openSecret(sealed, KEY)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')
  })

  it('does not open with another key, or when tampered with', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', KEY)
    expect(openSecret(sealed, `${KEY}-rotated`)).toBeNull()
    const parts = sealed.split(':')
    parts[3] = Buffer.from('tampered').toString('base64url')
    expect(openSecret(parts.join(':'), KEY)).toBeNull()
    expect(openSecret('JBSWY3DPEHPK3PXP', KEY)).toBeNull()
    expect(openSecret(null, KEY)).toBeNull()
  })

  it('derives a separate key for the recovery codes', () => {
    expect(recoveryCodeKey(KEY)).not.toBe(recoveryCodeKey(`${KEY}x`))
    expect(recoveryCodeKey(KEY)).not.toContain(KEY)
  })
})
