import type { LookupAddress } from 'node:dns'

import { describe, expect, it } from 'vitest'

import type { Resolver } from './addresses'
import { endpointUrlProblem, URL_MESSAGES, WEBHOOK_URL_MAX_LENGTH } from './url-policy'

const TABLE: Record<string, LookupAddress[]> = {
  'hooks.example.com': [{ address: '93.184.215.14', family: 4 }],
  'internal.example.com': [{ address: '10.20.30.40', family: 4 }],
  'metadata.example.com': [{ address: '169.254.169.254', family: 4 }],
  localhost: [{ address: '127.0.0.1', family: 4 }],
  'v6-loopback.example.com': [{ address: '::1', family: 6 }],
}

const resolver: Resolver = (hostname, _options, callback) => {
  const answer = TABLE[hostname]
  if (answer) return setImmediate(() => callback(null, answer))
  const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    code: 'ENOTFOUND',
  })
  setImmediate(() => callback(error, []))
}

const NONE = new Set<string>()
const check = (url: unknown, allowed: ReadonlySet<string> = NONE) =>
  endpointUrlProblem(url, allowed, resolver)

describe('webhook endpoint URLs', () => {
  it('accepts an https URL of a public host', async () => {
    expect(await check('https://hooks.example.com/site-events?token=abc')).toBeNull()
    expect(await check('https://93.184.215.14:8443/hooks')).toBeNull()
  })

  it('asks for a URL when there is none', async () => {
    expect(await check('')).toBe(URL_MESSAGES.missing)
    expect(await check('   ')).toBe(URL_MESSAGES.missing)
    expect(await check(undefined)).toBe(URL_MESSAGES.missing)
  })

  it('refuses what is not a URL', async () => {
    expect(await check('hooks.example.com/events')).toBe(URL_MESSAGES.invalid)
    expect(await check('https://')).toBe(URL_MESSAGES.invalid)
  })

  it('refuses a URL that is too long', async () => {
    const long = `https://hooks.example.com/${'a'.repeat(WEBHOOK_URL_MAX_LENGTH)}`
    expect(await check(long)).toBe(URL_MESSAGES.tooLong)
  })

  it.each(['ftp://hooks.example.com/', 'javascript:alert(1)', 'file:///etc/passwd', 'ws://x.io'])(
    'refuses a scheme other than http(s): %s',
    async (url) => {
      const message = await check(url)
      expect(message).toMatch(
        /^Webhook URLs must start with https:\/\/ \(\w+:\/\/ is not accepted\)\.$/,
      )
    },
  )

  it('refuses credentials in the URL, saying why', async () => {
    expect(await check('https://user:secret@hooks.example.com/')).toBe(URL_MESSAGES.credentials)
    expect(await check('https://user@hooks.example.com/')).toBe(URL_MESSAGES.credentials)
    expect(URL_MESSAGES.credentials).toContain('signature')
  })

  it('refuses plain http unless the host is allowed', async () => {
    expect(await check('http://hooks.example.com/')).toBe(URL_MESSAGES.plainHttp)
    expect(URL_MESSAGES.plainHttp).toContain('WEBHOOK_ALLOWED_HOSTS')
    expect(await check('http://localhost:4000/', new Set(['localhost']))).toBeNull()
  })

  it.each([
    ['https://127.0.0.1/', '127.0.0.1 is a loopback address'],
    ['https://[::1]/', '::1 is a loopback address'],
    ['https://[::ffff:127.0.0.1]/', 'is a loopback address'],
    ['https://10.0.0.1/', '10.0.0.1 is a private address'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['https://[fd00::1]/', 'fd00::1 is a unique-local address'],
  ])('refuses an address in a forbidden range: %s', async (url, words) => {
    const message = await check(url)
    expect(message).toContain(words)
    expect(message).toContain('unless the host is listed in WEBHOOK_ALLOWED_HOSTS')
  })

  it.each([
    ['https://localhost/', 'localhost resolves to 127.0.0.1, a loopback address'],
    ['https://internal.example.com/', 'internal.example.com resolves to 10.20.30.40, a private'],
    ['https://metadata.example.com/', 'resolves to 169.254.169.254, a link-local address'],
    ['https://v6-loopback.example.com/', 'resolves to ::1, a loopback address'],
  ])('refuses a host name resolving to a forbidden range: %s', async (url, words) => {
    expect(await check(url)).toContain(words)
  })

  it('accepts a forbidden address when its host is allowed (development, tests)', async () => {
    expect(await check('http://127.0.0.1:4000/hooks', new Set(['127.0.0.1']))).toBeNull()
    expect(await check('https://localhost/hooks', new Set(['localhost']))).toBeNull()
    // Allowing an address does not allow a name that resolves to it.
    expect(await check('https://localhost/hooks', new Set(['127.0.0.1']))).toContain('loopback')
  })

  it('refuses a host that cannot be found', async () => {
    expect(await check('https://nowhere.example.com/')).toBe(
      'The host nowhere.example.com could not be found (ENOTFOUND). Check the URL.',
    )
  })
})
