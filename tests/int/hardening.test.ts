import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'

import { afterAll, describe, expect, inject, it } from 'vitest'

import { baseUrl, get } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import { postInquiry, uniqueClient, validInquiry } from '../support/inquiries'

const started: AppServer[] = []

afterAll(async () => {
  for (const app of started) await app.stop()
})

function expectSecurityHeaders(headers: Headers, where: string): void {
  const csp = headers.get('content-security-policy') ?? ''
  expect(csp, where).toContain("default-src 'self'")
  expect(csp, where).toContain("frame-ancestors 'self'")
  expect(csp, where).toContain("object-src 'none'")
  expect(csp, where).not.toContain('unsafe-eval')
  expect(headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin')
  expect(headers.get('permissions-policy'), where).toContain('camera=()')
  expect(headers.get('x-content-type-options'), where).toBe('nosniff')
  expect(headers.get('x-frame-options'), where).toBe('SAMEORIGIN')
}

describe('security headers', () => {
  it('are on every kind of response, cached or not', async () => {
    for (const target of [
      '/en',
      '/en', // a cache hit
      '/en/blog.md',
      '/api/posts?limit=1',
      '/api/posts?limit=1',
      '/llms.txt',
      '/en/no-such-page',
      '/api/posts?limit=0',
      '/api/health',
      '/admin/login',
      '/%E0%A4%A',
    ]) {
      const response = await get(target, { redirect: 'manual' })
      expectSecurityHeaders(response.headers, target)
    }
    const inquiry = await postInquiry(validInquiry())
    expectSecurityHeaders(inquiry.headers, 'POST /api/inquiries')
  })

  it('pin browsers to HTTPS only when the site is served over HTTPS', async () => {
    expect((await get('/en')).headers.get('strict-transport-security')).toBeNull()
    const app = await startApp('hardening-https', {
      ...inject('appEnv'),
      SITE_URL: 'https://www.example.test',
    })
    started.push(app)
    const response = await fetch(`${app.url}/api/health`)
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}/)
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
  })
})

describe("the admin's client hints", () => {
  it('stay on the admin and are dropped from the public site, with Next internals', async () => {
    for (const target of ['/en', '/en', '/en/blog.md', '/api/posts?limit=1']) {
      const { headers } = await get(target)
      expect(headers.get('critical-ch'), target).toBeNull()
      expect(headers.get('accept-ch'), target).toBeNull()
      expect(headers.get('x-middleware-rewrite'), target).toBeNull()
      expect(headers.get('vary') ?? '', target).not.toMatch(/prefers-color-scheme/i)
    }
    expect((await get('/admin/login')).headers.get('accept-ch')).toBe('Sec-CH-Prefers-Color-Scheme')
  })
})

describe('request ids and logs', () => {
  it('gives each request handed to the app its own id, and logs it as JSON without bodies', async () => {
    const first = await get('/api/health')
    const second = await get('/api/health')
    const id = first.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(second.headers.get('x-request-id')).not.toBe(id)
    // A caller can't choose its id.
    const forged = await get('/api/health', { headers: { 'X-Request-Id': 'forged' } })
    expect(forged.headers.get('x-request-id')).not.toBe('forged')

    const secret = `very-private-${Date.now()}`
    const inquiry = validInquiry({
      message: `Please keep this ${secret} private.`,
      phone: '+34 600 000 000',
    })
    const posted = await postInquiry(inquiry)
    expect(posted.status).toBe(201)
    await new Promise((resolve) => setTimeout(resolve, 300))

    const log = readFileSync(
      path.join('.data/test-logs', `app-${process.env.TEST_RUN_ID ?? 'main'}.log`),
      'utf8',
    )
    const entries = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    const health = entries.find((entry) => entry.requestId === id)
    expect(health).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/api/health',
      status: 200,
    })
    expect(typeof health?.time).toBe('string')
    expect(
      entries.some(
        (entry) =>
          entry.path === '/api/inquiries' && entry.requestId === posted.headers.get('x-request-id'),
      ),
    ).toBe(true)
    expect(log).not.toContain(secret)
    expect(log).not.toContain(String(inquiry.email))
    expect(log).not.toContain(inject('adminAuthorization').split(' ').pop()!)
  })
})

describe('admin sign-in', () => {
  const attempt = (client: string, email = 'admin@example.test') =>
    fetch(`${baseUrl()}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
      body: JSON.stringify({ email, password: 'wrong-password' }),
    })

  it('is rate limited per client: the 11th attempt in 15 minutes is refused with 429', async () => {
    const client = uniqueClient()
    const statuses: number[] = []
    // Different accounts, so Payload's per-account lockout is not what stops them.
    for (let n = 0; n < 11; n += 1) {
      statuses.push((await attempt(client, `nobody-${n}-${Date.now()}@example.test`)).status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    const refused = await attempt(client)
    expect(refused.status).toBe(429)
    const body = (await refused.json()) as { errors: { message: string }[] }
    expect(body.errors[0]?.message).toMatch(/Too many sign-in attempts.*Try again in \d+ minute/)
    // Another client is unaffected, and the real admin can still sign in from it.
    const other = uniqueClient()
    expect((await attempt(other)).status).toBe(401)
    const signIn = await fetch(`${baseUrl()}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': other },
      body: JSON.stringify({
        email: 'admin@example.test',
        password: 'correct-horse-battery-staple',
      }),
    })
    expect(signIn.status).toBe(200)
  })
})

describe('graceful shutdown', () => {
  it('finishes a request in flight, then closes its pools and exits 0', async () => {
    const app = await startApp('hardening-shutdown', inject('appEnv'))
    const body = JSON.stringify(validInquiry())
    // An inquiry whose body is still arriving when the signal comes: it is in flight.
    const answer = new Promise<number>((resolve, reject) => {
      const req = request(
        `${app.url}/api/inquiries`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            'X-Forwarded-For': uniqueClient(),
          },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.write(body.slice(0, 10))
      setTimeout(() => {
        app.process.kill('SIGTERM')
        setTimeout(() => req.end(body.slice(10)), 300)
      }, 300)
    })
    const exited = new Promise<number | null>((resolve) => app.process.once('exit', resolve))
    expect(await answer).toBe(201)
    expect(await exited).toBe(0)
    const log = readFileSync(path.join('.data/test-logs', 'hardening-shutdown.log'), 'utf8')
    expect(log).toContain('"task":"inquiry delivery"')
    expect(log).toContain('"task":"payload"')
    expect(log).toContain('"msg":"stopped"')
    await expect(fetch(`${app.url}/api/health`)).rejects.toThrow()
  })
})
