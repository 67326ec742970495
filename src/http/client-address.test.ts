import { describe, expect, it } from 'vitest'

import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_SIGNATURE_HEADER,
  clientBucket,
  parseTrustedProxies,
  resolveClientAddress,
  signClientAddress,
  ClientAddressSigner,
  SIGNATURES_KEPT_MAX,
  verifiedClientAddress,
} from './client-address'

const proxies = parseTrustedProxies('10.0.0.0/8, ::1, 127.0.0.1')

describe('resolveClientAddress', () => {
  it('is the connecting address when no trusted proxy is involved', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', [])).toBe('203.0.113.9')
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', proxies)).toBe('203.0.113.9')
  })

  it('unwraps IPv4-mapped IPv6 peers', () => {
    expect(resolveClientAddress('::ffff:203.0.113.9', undefined, [])).toBe('203.0.113.9')
  })

  it('believes only the hop our trusted proxies added', () => {
    // The client forged "1.1.1.1"; our proxy 10.0.0.2 appended the real peer 203.0.113.7.
    expect(resolveClientAddress('10.0.0.1', '1.1.1.1, 203.0.113.7, 10.0.0.2', proxies)).toBe(
      '203.0.113.7',
    )
  })

  it('is unidentified when a trusted proxy names no usable client', () => {
    expect(resolveClientAddress('127.0.0.1', undefined, proxies)).toBeNull()
    expect(resolveClientAddress('127.0.0.1', '10.0.0.3', proxies)).toBeNull()
    expect(resolveClientAddress('127.0.0.1', 'garbage', proxies)).toBeNull()
    expect(resolveClientAddress(undefined, '203.0.113.7', proxies)).toBeNull()
  })

  it('refuses malformed proxy settings', () => {
    expect(() => parseTrustedProxies('10.0.0.0/8, nope')).toThrow(/nope/)
    expect(parseTrustedProxies('')).toEqual([])
  })
})

describe('clientBucket', () => {
  it('keeps IPv4 addresses whole and groups IPv6 by /64', () => {
    expect(clientBucket('203.0.113.9')).toBe('v4:203.0.113.9')
    expect(clientBucket('2001:db8:1:2:aaaa::1')).toBe(
      clientBucket('2001:db8:1:2:bbbb:cccc:dddd:eeee'),
    )
    expect(clientBucket('2001:db8:1:2::1')).not.toBe(clientBucket('2001:db8:1:3::1'))
  })
})

describe('signed client address', () => {
  const headers = (address: string, signature: string) =>
    new Headers({ [CLIENT_ADDRESS_HEADER]: address, [CLIENT_SIGNATURE_HEADER]: signature })

  it('accepts the address our server signed', () => {
    const signature = signClientAddress('203.0.113.9', 'secret')
    expect(verifiedClientAddress(headers('203.0.113.9', signature), 'secret')).toBe('203.0.113.9')
  })

  it('signs a client once while it is kept, as signClientAddress does, keeping a bounded number', () => {
    const signer = new ClientAddressSigner('secret')
    const signature = signer.sign('203.0.113.9')
    expect(signature).toBe(signClientAddress('203.0.113.9', 'secret'))
    expect(signer.sign('203.0.113.9')).toBe(signature)
    expect(signer.computed).toBe(1)
    expect(verifiedClientAddress(headers('203.0.113.9', signature), 'secret')).toBe('203.0.113.9')
    for (let index = 0; index <= SIGNATURES_KEPT_MAX; index += 1)
      signer.sign(`10.0.${index >> 8}.${index & 255}`)
    expect(signer.kept).toBeGreaterThan(0)
    expect(signer.kept).toBeLessThanOrEqual(SIGNATURES_KEPT_MAX)
    expect(signer.computed).toBe(SIGNATURES_KEPT_MAX + 2)
  })

  it('rejects forged, altered or unsigned addresses', () => {
    const signature = signClientAddress('203.0.113.9', 'secret')
    expect(verifiedClientAddress(headers('203.0.113.10', signature), 'secret')).toBeNull()
    expect(verifiedClientAddress(headers('203.0.113.9', signature), 'other-secret')).toBeNull()
    expect(verifiedClientAddress(headers('203.0.113.9', 'x'), 'secret')).toBeNull()
    expect(
      verifiedClientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: '1.2.3.4' }), 'secret'),
    ).toBeNull()
  })
})
