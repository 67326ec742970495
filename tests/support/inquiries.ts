import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { Redis } from 'ioredis'
import { inject } from 'vitest'

import { asAdminJson } from './api'
import { poll } from './poll'
import { parseMail, type ParsedMail, type ReceivedMail } from './smtp'

/** A valid inquiry from a sender no other test uses (test files run in parallel workers). */
export function validInquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ana Pérez',
    email: `sender-${randomBytes(8).toString('hex')}@example.com`,
    message: 'We need help moving our data platform to the cloud.',
    ...overrides,
  }
}

/**
 * A client address no other test uses, in any worker: a random /64 of the unique-local range
 * (budgets key IPv6 by its /64), 56 random bits. A counter or the clock alone repeated addresses
 * across parallel test files, so one test could inherit a budget another had spent.
 */
export function uniqueClient(): string {
  // Groups of four hex digits from 0x1000 up, so the address is already in its canonical form.
  const group = () => (0x1000 + (randomBytes(2).readUInt16BE() % 0xf000)).toString(16)
  return `fd${randomBytes(1).toString('hex')}:${group()}:${group()}:${group()}::1`
}

export interface InquiryResponse {
  status: number
  body: {
    success?: boolean
    error?: { code: string; message: string; details?: { field: string }[] }
  }
  headers: Headers
}

/**
 * POSTs an inquiry. `client` sets X-Forwarded-For, which the shared test app believes because
 * its trusted proxy is loopback; `client: null` sends none (an unidentified client).
 */
export async function postInquiry(
  body: unknown,
  options: { client?: string | null; headers?: Record<string, string>; baseUrl?: string } = {},
): Promise<InquiryResponse> {
  const client = options.client === undefined ? uniqueClient() : options.client
  const response = await fetch(`${options.baseUrl ?? inject('baseUrl')}/api/inquiries`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(client ? { 'X-Forwarded-For': client } : {}),
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers }
}

/** Forgets every budget the shared app has spent, so a test starts with full budgets. */
export async function resetBudgets(): Promise<void> {
  const redis = new Redis(inject('redisUrl'))
  try {
    const keys = await redis.keys(`${inject('redisPrefix')}:*`)
    if (keys.length > 0) await redis.del(...keys)
  } finally {
    redis.disconnect()
  }
}

export function receivedMail(): (ReceivedMail & ParsedMail)[] {
  const dir = inject('mailDir')
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail)
    .map((mail) => ({ ...mail, ...parseMail(mail.raw) }))
}

/** Waits for mail matching `predicate` to reach the shared SMTP server. */
export async function waitForMail(
  predicate: (mail: ReceivedMail & ParsedMail) => boolean,
  { timeoutMs = 30_000, from = receivedMail } = {},
): Promise<(ReceivedMail & ParsedMail)[]> {
  return poll(
    'matching mail',
    () => {
      const matching = from().filter(predicate)
      return matching.length > 0 ? matching : undefined
    },
    { withinMs: timeoutMs, everyMs: 100, timeout: 'no matching mail arrived' },
  )
}

/**
 * Headers of browser requests from another site, which the inquiry endpoint, the MCP endpoint and
 * the contact form all refuse with one rule.
 */
export const CROSS_ORIGIN_BROWSER_REQUESTS: Record<string, string>[] = [
  { Origin: 'https://evil.example' },
  { Origin: 'null' },
  { 'Sec-Fetch-Site': 'cross-site' },
  { 'Sec-Fetch-Site': 'same-site' },
  { Origin: 'http://127.0.0.1:1', 'Sec-Fetch-Site': 'same-origin' },
]

/** The inquiries stored from `email`, as the admin reads them. */
export async function inquiriesStoredFrom(email: string): Promise<unknown[]> {
  const { docs } = await asAdminJson<{ docs: unknown[] }>(
    `/api/inquiries?where[email][equals]=${encodeURIComponent(email)}`,
  )
  return docs
}

/** A form posted to `url` as a browser sends it (no redirect followed), from a client of its own. */
export async function postFormBody(
  url: string,
  body: FormData | string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'X-Forwarded-For': uniqueClient(), ...headers },
    body,
    redirect: 'manual',
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}
