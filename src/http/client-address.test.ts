import { describe, expect, it } from 'vitest'

import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_SIGNATURE_HEADER,
  clientBucket,
  parseTrustedProxies,
  resolveClientAddress,
  signClientAddress,
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
