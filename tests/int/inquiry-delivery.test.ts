import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { createAdmin, signIn } from '../support/admin'
import { freePort, runScript, startApp, type AppServer } from '../support/app-server'
import { createTestDatabase } from '../support/database'
import { postInquiry, validInquiry } from '../support/inquiries'
import { waitUntil } from '../support/poll'
import { parseMail, startSmtpCatcher, type SmtpCatcher } from '../support/smtp'

/**
 * Delivery under faults, on a database of its own so that no other instance's worker can
 * deliver these inquiries behind the test's back.
 */
let databaseUrl: string
let db: pg.Client
const apps: AppServer[] = []
const catchers: SmtpCatcher[] = []

const FAST_RETRIES = {
  MAIL_RETRY_BASE_MS: '300',
  MAIL_POLL_INTERVAL_MS: '200',
  MAIL_LEASE_MS: '3000',
  TRUSTED_PROXIES: '127.0.0.1',
}

async function app(name: string, env: Record<string, string>): Promise<AppServer> {
  const started = await startApp(name, { DATABASE_URL: databaseUrl, ...FAST_RETRIES, ...env })
  apps.push(started)
  return started
}

async function catcher(port?: number): Promise<SmtpCatcher> {
  const started = await startSmtpCatcher({ port })
  catchers.push(started)
  return started
}

async function deliveryState(email: string) {
  const { rows } = await db.query<{
    delivery_status: string
    attempts: number
    last_error: string | null
  }>(
    'select delivery_status, attempts::int as attempts, last_error from inquiries where email = $1',
    [email],
  )
  return rows[0]
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  await waitUntil('the condition', check, {
    withinMs: timeoutMs,
    everyMs: 100,
    timeout: 'timed out',
  })
}

/** A local alert endpoint that keeps the JSON of every POST it receives. */
async function alertEndpoint(): Promise<{ url: string; received: Record<string, unknown>[] }> {
  const received: Record<string, unknown>[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      received.push({ method: request.method, ...(JSON.parse(body) as object) })
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoints.push(server)
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts`, received }
}
const endpoints: Server[] = []

/**
 * After a first failed attempt, moves an inquiry past its retry budget, so that its next failure
 * is its last (the real schedule would take hours).
 */
async function exhaustRetries(email: string): Promise<void> {
  await until(async () => Boolean((await deliveryState(email))?.last_error))
  await db.query(`update inquiries set attempts = 1000, next_attempt_at = now() where email = $1`, [
    email,
  ])
  await until(async () => (await deliveryState(email))?.delivery_status === 'failed')
}

/** Creates an admin of this database as production does and returns their session cookie. */
async function adminSession(baseUrl: string): Promise<string> {
  const admin = { email: 'delivery-admin@example.test', password: 'a-long-passphrase-1' }
  await createAdmin({ DATABASE_URL: databaseUrl }, admin)
  return `payload-token=${await signIn(baseUrl, admin)}`
}

/** An admin page as a browser gets it (Payload takes a session cookie only from its own site). */
const adminPage = async (baseUrl: string, path: string, cookie: string) => {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
  })
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).not.toContain('NEXT_REDIRECT') // to the login page
  return html
}

const copiesOf = (smtp: SmtpCatcher, email: string) =>
  smtp.received.filter((mail) => parseMail(mail.raw).headers.get('reply-to')?.includes(email))

beforeAll(async () => {
  databaseUrl = await createTestDatabase(
    `consultancy_test_${process.env.TEST_RUN_ID ?? 'main'}_delivery`,
  )
  if ((await runScript('scripts/migrate.ts', { DATABASE_URL: databaseUrl })) !== 0)
    throw new Error('migrate')
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
})

// Every test has its own instances: no earlier instance's worker may deliver a later test's mail.
afterEach(async () => {
  await Promise.all(apps.splice(0).map((started) => started.stop()))
  await Promise.all(catchers.splice(0).map((started) => started.stop()))
  for (const server of endpoints.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})

afterAll(async () => {
  await db?.end()
})

describe('inquiry delivery', () => {
  it('an SMTP server answering 4xx delays the mail; it is delivered once when it recovers', async () => {
    const smtp = await catcher()
    smtp.setMode('reject-temporarily')
    const server = await app('app-smtp-4xx', { SMTP_URL: smtp.url })
    const inquiry = validInquiry()
    expect((await postInquiry(inquiry, { baseUrl: server.url })).status).toBe(201)

    await until(async () => ((await deliveryState(String(inquiry.email)))?.attempts ?? 0) >= 2)
    const waiting = await deliveryState(String(inquiry.email))
    expect(waiting?.delivery_status).toBe('queued')
    expect(waiting?.last_error).toMatch(/451/)
    expect(copiesOf(smtp, String(inquiry.email))).toHaveLength(0)

    smtp.setMode('accept')
    await until(
      async () => (await deliveryState(String(inquiry.email)))?.delivery_status === 'sent',
    )
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(copiesOf(smtp, String(inquiry.email))).toHaveLength(1)
  })

  it('SMTP refusing connections, then coming up: delivered once', async () => {
    const port = await freePort()
    const server = await app('app-smtp-down', { SMTP_URL: `smtp://127.0.0.1:${port}` })
    const inquiry = validInquiry()
    expect((await postInquiry(inquiry, { baseUrl: server.url })).status).toBe(201)
    await until(async () => Boolean((await deliveryState(String(inquiry.email)))?.last_error))
    expect((await deliveryState(String(inquiry.email)))?.last_error).toMatch(/ECONNREFUSED/)

    const smtp = await catcher(port)
    await until(
      async () => (await deliveryState(String(inquiry.email)))?.delivery_status === 'sent',
    )
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(copiesOf(smtp, String(inquiry.email))).toHaveLength(1)
  })

  it('a crash mid-delivery loses nothing: the next instance sends it once the lease ends', async () => {
    // An SMTP server that accepts connections and never answers: the attempt hangs, holding
    // its lease, until the instance is killed.
    const { createServer } = await import('node:net')
    const silent = createServer(() => {})
    const port = await new Promise<number>((resolve) =>
      silent.listen(0, '127.0.0.1', () => resolve((silent.address() as { port: number }).port)),
    )
    const first = await app('app-crashes', { SMTP_URL: `smtp://127.0.0.1:${port}` })
    const inquiry = validInquiry()
    expect((await postInquiry(inquiry, { baseUrl: first.url })).status).toBe(201)
    await until(async () => ((await deliveryState(String(inquiry.email)))?.attempts ?? 0) >= 1)
    first.process.kill('SIGKILL')
    await until(() => first.process.exitCode !== null || first.process.signalCode !== null)
    await new Promise<void>((resolve) => silent.close(() => resolve()))
    silent.unref()

    const smtp = await catcher(port)
    await app('app-after-crash', { SMTP_URL: smtp.url })
    await until(
      async () => (await deliveryState(String(inquiry.email)))?.delivery_status === 'sent',
    )
    expect(copiesOf(smtp, String(inquiry.email))).toHaveLength(1)
  })

  it('with Redis unreachable, inquiries are still served and budgets still hold (in-process)', async () => {
    const smtp = await catcher()
    const server = await app('app-no-redis', {
      SMTP_URL: smtp.url,
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    })
    const email = String(validInquiry().email)
    const statuses: number[] = []
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await postInquiry(validInquiry({ email }), { baseUrl: server.url })).status)
    }
    expect(statuses).toEqual([201, 201, 201, 429])
    await until(() => copiesOf(smtp, email).length === 3)
  })

  it('mail that fails for good: the alert webhook is told, editors see it, readiness stays 200', async () => {
    const hook = await alertEndpoint()
    const server = await app('app-mail-fails', {
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      ALERT_WEBHOOK_URL: hook.url,
    })
    const cookie = await adminSession(server.url)
    const notice = /Mail delivery failed: 1 inquiry never reached the team/
    expect(await adminPage(server.url, '/admin', cookie)).not.toMatch(notice)

    const inquiry = validInquiry({ phone: '+34 600 111 222' })
    const email = String(inquiry.email)
    expect((await postInquiry(inquiry, { baseUrl: server.url })).status).toBe(201)
    await exhaustRetries(email)

    // Retries exhausted: one POST naming the inquiry and the error, and nothing of the sender's.
    await until(() => hook.received.length > 0, 10_000)
    const { rows } = await db.query<{ id: number }>('select id from inquiries where email = $1', [
      email,
    ])
    const [alert] = hook.received
    expect(alert).toMatchObject({
      method: 'POST',
      event: 'inquiry_delivery_failed',
      inquiryId: rows[0]?.id,
      error: expect.stringMatching(/ECONNREFUSED/),
    })
    for (const value of [email, inquiry.name, inquiry.message, inquiry.phone])
      expect(JSON.stringify(alert)).not.toContain(String(value))

    // Mail is not a readiness dependency: a load balancer keeps sending traffic.
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200)

    // Editors notice it on the dashboard and above the Inquiries list, with a link to the failed.
    const failedList = 'where%5BdeliveryStatus%5D%5Bequals%5D=failed'
    for (const page of ['/admin', '/admin/collections/inquiries']) {
      const html = await adminPage(server.url, page, cookie)
      expect(html).toMatch(notice)
      expect(html).toContain(failedList)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(hook.received).toHaveLength(1)
  }, 120_000) // first renders of admin pages are slow on a loaded machine

  it('an alert webhook that is down is logged and holds nothing up', async () => {
    const name = 'app-alert-down'
    const server = await app(name, {
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      ALERT_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/alerts`,
    })
    const first = validInquiry()
    const second = validInquiry()
    for (const inquiry of [first, second])
      expect((await postInquiry(inquiry, { baseUrl: server.url })).status).toBe(201)
    await exhaustRetries(String(first.email))
    await exhaustRetries(String(second.email))
    expect(server.process.exitCode).toBeNull()
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200)
    // The alert is attempted after the failure is recorded: wait for both log lines.
    const alertsLogged = () =>
      readFileSync(`.data/test-logs/${name}.log`, 'utf8').match(/alert webhook unreachable/g)
        ?.length ?? 0
    await until(() => alertsLogged() === 2, 10_000)
  })
})
