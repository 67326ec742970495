import type { LookupAddress } from 'node:dns'

import { describe, expect, it } from 'vitest'

import {
  embeddedIpv4,
  forbiddenAddressKind,
  guardedLookup,
  isAllowedHost,
  type Resolver,
} from './addresses'

/** A resolver answering from a table, as many times as asked, in turn. */
function resolverOf(answers: Record<string, LookupAddress[][]>): Resolver {
  const calls = new Map<string, number>()
  return (hostname, _options, callback) => {
    const seen = calls.get(hostname) ?? 0
    calls.set(hostname, seen + 1)
    const list = answers[hostname]
    if (!list) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
        code: 'ENOTFOUND',
      })
      return setImmediate(() => callback(error, []))
    }
    const answer = list[Math.min(seen, list.length - 1)]!
    setImmediate(() => callback(null, answer))
  }
}

const v4 = (address: string): LookupAddress => ({ address, family: 4 })
const v6 = (address: string): LookupAddress => ({ address, family: 6 })

/** Runs a lookup as http.request does, with `all` or not. */
function lookUp(
  lookup: ReturnType<typeof guardedLookup>,
  hostname: string,
  all: boolean,
): Promise<{ address: string | LookupAddress[]; family?: number }> {
  return new Promise((resolve, reject) =>
    lookup(hostname, { all }, (error, address, family) =>
      error ? reject(error) : resolve({ address, family }),
    ),
  )
}

describe('addresses a webhook may reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fc00::5', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['[::1]', 'loopback'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(forbiddenAddressKind(address)).toBe(kind)
  })

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a9fe:a9fe::', 'link-local'],
  ])('refuses IPv4 inside IPv6: %s (%s)', (address, kind) => {
    expect(forbiddenAddressKind(address)).toBe(kind)
  })

  it('finds the IPv4 address an IPv6 address carries', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1')
    expect(embeddedIpv4('::ffff:8.8.8.8')).toBe('8.8.8.8')
    expect(embeddedIpv4('64:ff9b::808:808')).toBe('8.8.8.8')
    expect(embeddedIpv4('2002:0808:0808::1')).toBe('8.8.8.8')
    expect(embeddedIpv4('2606:4700:4700::1111')).toBeNull()
    expect(embeddedIpv4('::1')).toBeNull()
  })

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:81c::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(forbiddenAddressKind(address)).toBeNull()
  })

  it('refuses what is not an address at all', () => {
    expect(forbiddenAddressKind('example.com')).toBe('reserved')
    expect(forbiddenAddressKind('')).toBe('reserved')
  })

  it('matches allowed hosts as written, case and brackets aside', () => {
    const allowed = new Set(['receiver.test', '127.0.0.1', '::1'])
    expect(isAllowedHost('Receiver.TEST', allowed)).toBe(true)
    expect(isAllowedHost('[::1]', allowed)).toBe(true)
    expect(isAllowedHost('localhost', allowed)).toBe(false)
    expect(isAllowedHost('other.receiver.test', allowed)).toBe(false)
  })
})

describe('the connection-time lookup', () => {
  it('passes public addresses on, in either form http.request asks for', async () => {
    const lookup = guardedLookup(
      resolverOf({ 'hooks.example': [[v4('93.184.215.14'), v6('2606:2800:21f:cb07::1')]] }),
    )
    expect(await lookUp(lookup, 'hooks.example', true)).toEqual({
      address: [v4('93.184.215.14'), v6('2606:2800:21f:cb07::1')],
      family: undefined,
    })
    expect(await lookUp(lookup, 'hooks.example', false)).toEqual({
      address: '93.184.215.14',
      family: 4,
    })
  })

  it('refuses a host with any forbidden address, naming it', async () => {
    const lookup = guardedLookup(
      resolverOf({ 'mixed.example': [[v4('93.184.215.14'), v4('10.0.0.7')]] }),
    )
    await expect(lookUp(lookup, 'mixed.example', true)).rejects.toThrow(
      'mixed.example resolves to 10.0.0.7, a private address',
    )
  })

  it('refuses a name that resolved to a public address before and a private one now', async () => {
    // DNS rebinding: the check when the URL was saved saw a public address; the connection
    // resolves again and is refused.
    const lookup = guardedLookup(
      resolverOf({ 'rebinding.example': [[v4('93.184.215.14')], [v4('127.0.0.1')]] }),
    )
    expect((await lookUp(lookup, 'rebinding.example', false)).address).toBe('93.184.215.14')
    await expect(lookUp(lookup, 'rebinding.example', false)).rejects.toMatchObject({
      code: 'EWEBHOOKFORBIDDEN',
      message: expect.stringContaining('127.0.0.1, a loopback address'),
    })
  })

  it('refuses an IPv4-mapped loopback answer', async () => {
    const lookup = guardedLookup(resolverOf({ 'mapped.example': [[v6('::ffff:127.0.0.1')]] }))
    await expect(lookUp(lookup, 'mapped.example', true)).rejects.toThrow(/loopback/)
  })

  it('passes resolution errors on', async () => {
    const lookup = guardedLookup(resolverOf({}))
    await expect(lookUp(lookup, 'nowhere.example', true)).rejects.toMatchObject({
      code: 'ENOTFOUND',
    })
  })
})
