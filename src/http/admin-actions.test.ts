import { createHash, createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import {
  isAdminPostWithoutAction,
  isAdminServerAction,
  isIssuedSessionToken,
  refusesAnonymousAdminAction,
  withRefusedActionStatus,
} from './admin-actions'

const SECRET = 'test-secret-0123456789abcdef0123456789abcdef'
const NOW = 1_800_000_000

/** A session token as Payload signs one: HS256 with the first 32 hex digits of SHA-256(secret). */
function token(claims: Record<string, unknown>, secret = SECRET, alg = 'HS256'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${part({ alg, typ: 'JWT' })}.${part(claims)}`
  const key = createHash('sha256').update(secret).digest('hex').slice(0, 32)
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`
}

const valid = token({ id: 1, collection: 'users', exp: NOW + 60 })

describe('isIssuedSessionToken', () => {
  it('accepts an unexpired token signed with the key derived from the secret', () => {
    expect(isIssuedSessionToken(valid, SECRET, NOW)).toBe(true)
  })

  it('refuses expired, foreign, unsigned, re-signed and malformed tokens', () => {
    expect(isIssuedSessionToken(token({ exp: NOW - 1 }), SECRET, NOW)).toBe(false)
    expect(isIssuedSessionToken(token({ exp: NOW + 60 }), 'another-secret', NOW)).toBe(false)
    expect(isIssuedSessionToken(token({ id: 1 }), SECRET, NOW)).toBe(false) // no expiry
    expect(isIssuedSessionToken(token({ exp: NOW + 60 }, SECRET, 'none'), SECRET, NOW)).toBe(false)
    const [header, , signature] = valid.split('.')
    const claims = Buffer.from(JSON.stringify({ id: 2, exp: NOW + 60 })).toString('base64url')
    expect(isIssuedSessionToken(`${header}.${claims}.${signature}`, SECRET, NOW)).toBe(false)
    for (const junk of ['', 'forged', 'a.b.c', `${valid}.x`]) {
      expect(isIssuedSessionToken(junk, SECRET, NOW), junk).toBe(false)
    }
  })
})

describe('isAdminServerAction', () => {
  const action = { 'next-action': '40abcdef' }
  it('is a POST with a Next-Action header under /admin', () => {
    expect(isAdminServerAction('POST', '/admin', action)).toBe(true)
    expect(isAdminServerAction('POST', '/admin/collections/posts?x=1', action)).toBe(true)
    expect(isAdminServerAction('GET', '/admin', action)).toBe(false)
    expect(isAdminServerAction('POST', '/admin', {})).toBe(false)
    expect(isAdminServerAction('POST', '/administrator', action)).toBe(false)
    expect(isAdminServerAction('POST', '/en/contact', action)).toBe(false)
  })
})

describe('refusesAnonymousAdminAction', () => {
  const policy = { payloadSecret: SECRET, allowFirstUserScreen: false }
  const call = (headers: Record<string, string>, url = '/admin/login') => ({
    method: 'POST',
    url,
    headers: { 'next-action': '40abcdef', ...headers },
  })
  const live = token({ id: 1, collection: 'users', exp: Date.now() / 1000 + 600 })

  it('refuses callers without a session, or with one this site did not issue', () => {
    expect(refusesAnonymousAdminAction(call({}), policy)).toBe(true)
    expect(refusesAnonymousAdminAction(call({ cookie: 'payload-token=forged' }), policy)).toBe(true)
    expect(refusesAnonymousAdminAction(call({ authorization: 'JWT forged' }), policy)).toBe(true)
  })

  it('lets a session cookie or JWT header through, and leaves other requests alone', () => {
    expect(
      refusesAnonymousAdminAction(call({ cookie: `a=b; payload-token=${live}` }), policy),
    ).toBe(false)
    expect(refusesAnonymousAdminAction(call({ authorization: `JWT ${live}` }), policy)).toBe(false)
    expect(
      refusesAnonymousAdminAction({ method: 'POST', url: '/admin/login', headers: {} }, policy),
    ).toBe(false)
  })

  it('lets anyone use the first-run screen only where the deployment allows it', () => {
    const firstRun = call({}, '/admin/create-first-user')
    expect(refusesAnonymousAdminAction(firstRun, policy)).toBe(true)
    expect(refusesAnonymousAdminAction(firstRun, { ...policy, allowFirstUserScreen: true })).toBe(
      false,
    )
  })
})

describe('withRefusedActionStatus', () => {
  const notFound = { status: 404, headers: { 'content-type': 'text/x-component' } }

  it("answers an action Payload refused with the status it recorded, over Next.js's 404", () => {
    expect(withRefusedActionStatus(notFound, 403)).toEqual({ ...notFound, status: 403 })
    expect(withRefusedActionStatus(notFound, 401).status).toBe(401)
  })

  it('leaves every other answer as it is', () => {
    expect(withRefusedActionStatus(notFound, undefined)).toBe(notFound)
    expect(withRefusedActionStatus(notFound, 404)).toBe(notFound)
    expect(withRefusedActionStatus(notFound, 500)).toBe(notFound)
    const ok = { status: 200, headers: {} }
    expect(withRefusedActionStatus(ok, undefined)).toBe(ok)
    const redirect = { status: 303, headers: {} }
    expect(withRefusedActionStatus(redirect, 403)).toBe(redirect)
  })

  it('answers a refusal a server function returned itself (a 200) with the status it recorded', () => {
    const answered = { status: 200, headers: { 'content-type': 'text/x-component' } }
    expect(withRefusedActionStatus(answered, 403)).toEqual({ ...answered, status: 403 })
  })
})

describe('isAdminPostWithoutAction', () => {
  it('is a POST to the admin without Next-Action, whatever its body', () => {
    for (const url of ['/admin', '/admin/login', '/admin/collections/posts?x=1']) {
      expect(isAdminPostWithoutAction('POST', url, {})).toBe(true)
      expect(
        isAdminPostWithoutAction('POST', url, {
          'content-type': 'multipart/form-data; boundary=x',
        }),
      ).toBe(true)
    }
  })

  it("is not the admin's own action calls, its reads, or another path", () => {
    expect(isAdminPostWithoutAction('POST', '/admin', { 'next-action': 'x' })).toBe(false)
    expect(isAdminPostWithoutAction('GET', '/admin', {})).toBe(false)
    expect(isAdminPostWithoutAction('POST', '/administrator', {})).toBe(false)
    expect(isAdminPostWithoutAction('POST', '/en/contact', {})).toBe(false)
  })
})
