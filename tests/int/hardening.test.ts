import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'

import { afterAll, describe, expect, inject, it } from 'vitest'

import { createAdmin } from '../support/admin'
import { baseUrl, get } from '../support/api'
import { runScript, startApp, type AppServer } from '../support/app-server'
import { createTestDatabase } from '../support/database'
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

const ADMIN = { email: 'admin@example.test', password: 'correct-horse-battery-staple' }

function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** A sign-in from `client` (its address, as our trusted proxy reports it). */
const signIn = (client: string, email: string, password = 'wrong-password') =>
  postJson(`${baseUrl()}/api/users/login`, { email, password }, { 'X-Forwarded-For': client })

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

describe('admin sign-in', () => {
  it('is rate limited per client: the 11th attempt in 15 minutes is refused with 429', async () => {
    const client = uniqueClient()
    const statuses: number[] = []
    // Different accounts, so the per-account limit is not what stops them.
    for (let n = 0; n < 10; n += 1) {
      statuses.push((await signIn(client, `nobody-${n}-${Date.now()}@example.test`)).status)
    }
    expect(statuses).toEqual(Array(10).fill(401))
    const refused = await signIn(client, ADMIN.email, ADMIN.password)
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    const body = (await refused.json()) as {
      error: { code: string; message: string }
      errors: { message: string }[]
    }
    expect(body.error.code).toBe('rate_limited')
    expect(body.errors[0]?.message).toMatch(/Too many sign-in attempts.*Try again in \d+ minute/)
    // Another client is unaffected, and the real admin can still sign in from it.
    const other = uniqueClient()
    expect((await signIn(other, ADMIN.email)).status).toBe(401)
    expect((await signIn(other, ADMIN.email, ADMIN.password)).status).toBe(200)
    // Every attempt checks a password (unknown emails too), hundreds of milliseconds each.
  }, 90_000)

  it("limits guesses at one account per address, without locking the account's owner out", async () => {
    const guesser = uniqueClient()
    for (let n = 0; n < 5; n += 1) expect((await signIn(guesser, ADMIN.email)).status).toBe(401)
    const refused = await signIn(guesser, ADMIN.email, ADMIN.password)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // The same address may still try another account: it is the account from there that waits.
    expect((await signIn(guesser, `someone-${Date.now()}@example.test`)).status).toBe(401)
    expect((await signIn(uniqueClient(), ADMIN.email, ADMIN.password)).status).toBe(200)
  }, 90_000)

  it('never locks an account, however many addresses guess its password', async () => {
    // One after another: Payload's lockout (were it on) counts each of them.
    for (let n = 0; n < 12; n += 1) {
      expect((await signIn(uniqueClient(), ADMIN.email)).status).toBe(401)
    }
    const owner = await signIn(uniqueClient(), ADMIN.email, ADMIN.password)
    expect(owner.status).toBe(200)
  }, 90_000)

  it('takes as long for an unknown email as for a wrong password', async () => {
    const timed = async (email: string) => {
      const started = performance.now()
      expect((await signIn(uniqueClient(), email)).status).toBe(401)
      return performance.now() - started
    }
    const unknown: number[] = []
    const wrongPassword: number[] = []
    for (let n = 0; n < 5; n += 1) {
      unknown.push(await timed(`unknown-${n}-${Date.now()}@example.test`))
      wrongPassword.push(await timed(ADMIN.email))
    }
    // Checking a password costs hundreds of milliseconds; an unanswered lookup a few.
    expect(median(unknown)).toBeGreaterThan(median(wrongPassword) * 0.5)
  }, 90_000)

  it('sets the session cookie over HTTPS only when the site is served over HTTPS', async () => {
    const plain = await signIn(uniqueClient(), ADMIN.email, ADMIN.password)
    expect(plain.headers.get('set-cookie')).toMatch(/^payload-token=/)
    expect(plain.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i)
    const app = await startApp('hardening-https-cookie', {
      ...inject('appEnv'),
      SITE_URL: 'https://www.example.test',
    })
    started.push(app)
    const secure = await postJson(`${app.url}/api/users/login`, ADMIN, {
      'X-Forwarded-For': uniqueClient(),
    })
    expect(secure.status).toBe(200)
    expect(secure.headers.get('set-cookie')).toMatch(/;\s*Secure/i)
    expect(secure.headers.get('set-cookie')).toMatch(/;\s*HttpOnly/i)
  }, 120_000)
})

describe('account endpoints refuse control characters', () => {
  const bodies: [string, Record<string, string>][] = [
    ['login', { email: 'admin@example.test\u0000', password: 'x' }],
    ['login', { email: 'admin@example.test', password: 'pass\u0000word' }],
    ['forgot-password', { email: '\u0000@example.test' }],
    ['forgot-password', { email: 'admin@example.test\u0007' }],
    ['reset-password', { token: 'abc\u0000', password: 'new-password-0123' }],
    ['unlock', { email: 'admin@example.test\u0000' }],
    ['refresh-token', { token: '\u0000' }],
  ]

  for (const [endpoint, body] of bodies) {
    it(`${endpoint}: ${JSON.stringify(body)} is a 400 in the project's error shape`, async () => {
      const response = await postJson(`${baseUrl()}/api/users/${endpoint}`, body, {
        'X-Forwarded-For': uniqueClient(),
      })
      expect(response.status).toBe(400)
      const answer = (await response.json()) as { error: { code: string; message: string } }
      expect(answer.error.code).toBe('invalid_body')
      expect(answer.error.message).toMatch(/control character/)
    })
  }

  it("also in the admin's multipart form", async () => {
    const form = new FormData()
    form.set('_payload', JSON.stringify({ email: 'admin@example.test\u0000', password: 'x' }))
    const response = await fetch(`${baseUrl()}/api/users/login`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': uniqueClient() },
      body: form,
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_body')
  })

  it('email verification, which accounts do not use, is not served (its token is a path)', async () => {
    for (const token of ['abc', 'abc%C3%A9', '1234567890abcdef']) {
      const response = await fetch(`${baseUrl()}/api/users/verify/${token}`, { method: 'POST' })
      expect(response.status, token).toBe(404)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found')
    }
    // A control character in any path is refused before routing.
    const nul = await fetch(`${baseUrl()}/api/users/verify/%00`, { method: 'POST' })
    expect(nul.status).toBe(400)
    expect(((await nul.json()) as { error: { code: string } }).error.code).toBe('invalid_parameter')
  })

  it('first-register answers 4xx JSON once accounts exist, never 500', async () => {
    const response = await postJson(`${baseUrl()}/api/users/first-register`, {
      email: 'x@example.test\u0000',
      password: 'another-password-0123',
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(await response.json()).toBeTypeOf('object')
  })
})

describe("the admin's server actions", () => {
  /** Server action ids of the admin, from the build's manifest, with the file that defines each. */
  function adminActions(): { id: string; filename: string }[] {
    const manifest = JSON.parse(
      readFileSync(
        path.join(process.env.NEXT_DIST_DIR || '.next', 'server/server-reference-manifest.json'),
        'utf8',
      ),
    ) as { node: Record<string, { workers: Record<string, unknown>; filename?: string }> }
    return Object.entries(manifest.node)
      .filter(([, entry]) => Object.keys(entry.workers).some((w) => w.includes('(payload)/admin')))
      .map(([id, entry]) => ({ id, filename: entry.filename ?? '' }))
  }

  const callAction = (id: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl()}/admin/login`, {
      method: 'POST',
      headers: {
        'Next-Action': id,
        'Content-Type': 'text/plain;charset=UTF-8',
        Accept: 'text/x-component',
        ...headers,
      },
      body,
    })

  it('answer anonymous callers 401 JSON, whatever the action id or arguments', async () => {
    const actions = adminActions()
    expect(actions.length).toBeGreaterThan(0)
    const ids = [...actions.map((action) => action.id), `40${'ab'.repeat(20)}`]
    const bodies = [
      '[]',
      'garbage',
      JSON.stringify([{ name: 'render-list', args: { collectionSlug: 'users' } }]),
      JSON.stringify([{ name: 'no-such-function', args: {} }]),
    ]
    for (const id of ids) {
      for (const body of bodies) {
        for (const cookie of [undefined, 'payload-token=forged']) {
          const response = await callAction(id, body, cookie ? { Cookie: cookie } : {})
          const what = `${id} ${body} ${cookie ?? ''}`
          expect(response.status, what).toBe(401)
          expect(((await response.json()) as { error: { code: string } }).error.code, what).toBe(
            'unauthorized',
          )
        }
      }
    }
  })

  it('answer 400 JSON to an id that cannot name an action, before Next.js logs it', async () => {
    for (const id of ['not-an-id', '', '1', 'x'.repeat(42)]) {
      const response = await callAction(id, '[]')
      expect(response.status, id).toBe(400)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'invalid_parameter',
      )
    }
  })

  it('reach Payload for a signed-in editor', async () => {
    const login = await signIn(uniqueClient(), ADMIN.email, ADMIN.password)
    const session = login.headers.get('set-cookie')!.split(';')[0]!
    const serverFunction = adminActions().find((action) =>
      action.filename.endsWith('(payload)/layout.tsx'),
    )!
    const response = await callAction(
      serverFunction.id,
      JSON.stringify([
        { name: 'form-state', args: { collectionSlug: 'users', schemaPath: 'users' } },
      ]),
      { Cookie: session },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/x-component')
  })
})

describe('the first admin in production', () => {
  it('is never created over HTTP: first-register is a 403, the create-admin command works', async () => {
    const runId = process.env.TEST_RUN_ID ?? 'main'
    const env = {
      ...inject('appEnv'),
      DATABASE_URL: await createTestDatabase(`consultancy_test_${runId}_no_accounts`),
    }
    expect(await runScript('scripts/migrate.ts', env)).toBe(0)
    const app = await startApp('hardening-no-accounts', env)
    started.push(app)

    const withControlCharacter = await postJson(`${app.url}/api/users/first-register`, {
      email: 'first@example.test\u0000',
      password: 'first-password-0123',
    })
    expect(withControlCharacter.status).toBe(400)
    const first = { email: 'first@example.test', password: 'first-password-0123' }
    const refused = await postJson(`${app.url}/api/users/first-register`, first)
    expect(refused.status).toBe(403)
    const body = (await refused.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('forbidden')
    expect(body.error.message).toContain('npm run create-admin')
    // Nothing was created: the account can't sign in, and the command can still make it.
    expect((await postJson(`${app.url}/api/users/login`, first)).status).toBe(401)
    await createAdmin(env, first)
    const signedIn = await postJson(`${app.url}/api/users/login`, first)
    expect(signedIn.status).toBe(200)
    const { user } = (await signedIn.json()) as { user: { roles: string[] } }
    expect(user.roles).toEqual(['admin'])
  }, 180_000)
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
  }, 120_000)
})
