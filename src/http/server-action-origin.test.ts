import type { IncomingMessage } from 'node:http'

import { describe, expect, it } from 'vitest'

import { mayBeServerAction, serverActionRefusal } from './server-action-origin'

const SITE = 'https://www.example.com'

const request = (headers: Record<string, string>, method = 'POST', url = '/en/contact') =>
  ({ method, url, headers }) as unknown as IncomingMessage

describe('server actions posted from elsewhere', () => {
  it('are the POSTs Next could take for an action, outside /api/', () => {
    expect(mayBeServerAction(request({ 'next-action': 'abc' }))).toBe(true)
    expect(mayBeServerAction(request({ 'content-type': 'multipart/form-data; boundary=x' }))).toBe(
      true,
    )
    expect(
      mayBeServerAction(request({ 'content-type': 'application/x-www-form-urlencoded' })),
    ).toBe(true)
    expect(mayBeServerAction(request({ 'content-type': 'application/json' }))).toBe(false)
    expect(mayBeServerAction(request({ 'next-action': 'abc' }, 'GET'))).toBe(false)
    expect(
      mayBeServerAction(request({ 'content-type': 'multipart/form-data' }, 'POST', '/api/media')),
    ).toBe(false)
  })

  it.each<Record<string, string>>([
    { origin: 'https://evil.example', host: 'www.example.com' },
    { origin: 'null', host: 'www.example.com' },
    { 'sec-fetch-site': 'cross-site', host: 'www.example.com' },
    { 'sec-fetch-site': 'same-site', host: 'www.example.com' },
    // The site's origin, but not the host the request came to: Next would abort it with a 500.
    { origin: SITE, host: 'internal:3000' },
    { origin: 'not a url', host: 'www.example.com' },
  ])('refuses %j', (headers) => {
    expect(serverActionRefusal(request(headers), SITE)).toBe(
      'Cross-origin requests are not accepted.',
    )
  })

  it.each<Record<string, string>>([
    { origin: SITE, host: 'www.example.com', 'sec-fetch-site': 'same-origin' },
    { origin: SITE, host: 'internal:3000', 'x-forwarded-host': 'www.example.com' },
    { host: 'www.example.com' },
    { host: 'www.example.com', 'sec-fetch-site': 'none' },
  ])('lets %j through', (headers) => {
    expect(serverActionRefusal(request(headers), SITE)).toBeNull()
  })
})
