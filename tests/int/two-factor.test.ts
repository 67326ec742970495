import { generate } from 'otplib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { createAccount, type Account } from '../support/accounts'
import { ADMIN } from '../support/global-setup'
import { asAdmin, asAdminJson, baseUrl } from '../support/api'
import { uniqueClient } from '../support/inquiries'

/**
 * Two-factor sign-in (src/two-factor/), through the REST and GraphQL APIs as the admin's forms use
 * them: an editor enrols from their account (QR code, first code, recovery codes once), then signs
 * in only with a code that is right and unused, or an unused recovery code. A password alone gives
 * no token and no session to anything that checks one: Payload's REST and GraphQL, /api/preview,
 * the project server's check of the admin's actions. API keys go on working. The secret is never
 * readable and is stored sealed; recovery codes are stored as digests.
 */

const PERIOD = 30

/** The code an authenticator app shows `offsetSteps` steps from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * PERIOD })

/**
 * Waits, if need be, for a time step with at least `seconds` left, so that the codes of one
 * test belong to the steps it meant (a step turning over mid-test would shift them by one).
 */
async function freshStep(seconds = 10): Promise<void> {
  const left = PERIOD - (Math.floor(Date.now() / 1000) % PERIOD)
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000))
}

function signIn(account: Pick<Account, 'email' | 'password'>, extra: Record<string, unknown> = {}) {
  return fetch(`${baseUrl()}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueClient() },
    body: JSON.stringify({ email: account.email, password: account.password, ...extra }),
  })
}

function asSession(authorization: string, path: string, init: RequestInit = {}) {
  return fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      Authorization: authorization,
      ...(init.headers as Record<string, string> | undefined),
    },
  })
}

/** The `payload-token` cookie an answer sets, if it sets one with a value. */
function sessionCookie(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^payload-token=([^;]*)/.exec(cookie)
    if (match?.[1]) return `payload-token=${match[1]}`
  }
  return null
}

/** What the admin's pages would be let through with: the project server's check of actions. */
const adminAction = (cookie: string | null) =>
  fetch(`${baseUrl()}/admin/login`, {
    method: 'POST',
    headers: {
      'Next-Action': `40${'ab'.repeat(20)}`,
      'Content-Type': 'text/plain;charset=UTF-8',
      Accept: 'text/x-component',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: '[]',
  })

/**
 * GraphQL's sign-in mutation (`loginUser`, from the collection's singular label), sent with the
 * admin's API key: the GraphQL API answers signed-in callers only, and someone holding any
 * credential must still not start a session for a two-factor account on its password alone.
 */
const graphqlSignIn = (account: Pick<Account, 'email' | 'password'>) =>
  fetch(`${baseUrl()}/api/graphql`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': uniqueClient(),
      Authorization: inject('adminAuthorization'),
    },
    body: JSON.stringify({
      query: `mutation ($email: String!, $password: String!) {
        loginUser(email: $email, password: $password) { token user { id } }
      }`,
      variables: { email: account.email, password: account.password },
    }),
  })

interface Setup {
  secret: string
  uri: string
  qrSvg: string
}

async function enrol(account: Account): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await asSession(account.authorization, '/api/users/two-factor/setup', {
    method: 'POST',
    body: '{}',
  })
  expect(setup.status).toBe(200)
  const { secret } = (await setup.json()) as Setup
  await freshStep()
  const enabled = await asSession(account.authorization, '/api/users/two-factor/enable', {
    method: 'POST',
    body: JSON.stringify({ code: await codeFor(secret, -1) }),
  })
  expect(enabled.status).toBe(200)
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] }
  return { secret, recoveryCodes }
}

let db: pg.Client

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') })
  await db.connect()
})

afterAll(async () => {
  await db?.end()
})

describe('enrolling from the account page', () => {
  it('shows a QR code and key, turns on with a first code, and shows ten recovery codes once', async () => {
    const editor = await createAccount('editor')
    const setup = await asSession(editor.authorization, '/api/users/two-factor/setup', {
      method: 'POST',
      body: '{}',
    })
    expect(setup.status).toBe(200)
    expect(setup.headers.get('cache-control')).toContain('no-store')
    const { secret, uri, qrSvg } = (await setup.json()) as Setup
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(uri).toMatch(/^otpauth:\/\/totp\//)
    expect(new URL(uri).searchParams.get('secret')).toBe(secret)
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)

    // Not on until confirmed: the password alone still signs in.
    expect((await signIn(editor)).status).toBe(200)

    const wrong = await asSession(editor.authorization, '/api/users/two-factor/enable', {
      method: 'POST',
      body: JSON.stringify({ code: '000000' === (await codeFor(secret)) ? '111111' : '000000' }),
    })
    expect(wrong.status).toBe(401)
    expect(((await wrong.json()) as { error: { twoFactor: string } }).error.twoFactor).toBe(
      'invalid',
    )

    await freshStep()
    const enabled = await asSession(editor.authorization, '/api/users/two-factor/enable', {
      method: 'POST',
      body: JSON.stringify({ code: await codeFor(secret) }),
    })
    expect(enabled.status).toBe(200)
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] }
    expect(recoveryCodes).toHaveLength(10)

    const status = (await (
      await asSession(editor.authorization, '/api/users/two-factor')
    ).json()) as { enabled: boolean; recoveryCodesLeft: number }
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })

    // Set up again while on: refused; the account's own form stays as it was.
    const again = await asSession(editor.authorization, '/api/users/two-factor/setup', {
      method: 'POST',
      body: '{}',
    })
    expect(again.status).toBe(400)

    // Stored sealed, in a table of its own; the recovery codes as digests only.
    const { rows } = await db.query<Record<string, string | null>>(
      'SELECT secret, pending_secret, recovery_codes FROM two_factor_credentials WHERE account = $1',
      [editor.id],
    )
    const row = rows[0]!
    expect(row.secret).toMatch(/^v1:/)
    expect(row.secret).not.toContain(secret)
    expect(row.pending_secret).toBeNull()
    for (const code of recoveryCodes) {
      expect(row.recovery_codes).not.toContain(code.replace('-', ''))
      expect(row.recovery_codes).not.toContain(code)
    }
  })

  it('is refused to an API key (it never asks for a code), and to nobody signed in', async () => {
    const editor = await createAccount('editor')
    const apiKey = `two-factor-key-${Date.now()}-0123456789`
    const keyed = await asSession(editor.authorization, `/api/users/${editor.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ enableAPIKey: true, apiKey }),
    })
    expect(keyed.status).toBe(200)
    const setup = await asSession(`users API-Key ${apiKey}`, '/api/users/two-factor/setup', {
      method: 'POST',
      body: '{}',
    })
    expect(setup.status).toBe(403)
    const anonymous = await fetch(`${baseUrl()}/api/users/two-factor/setup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(anonymous.status).toBe(401)
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe(
      'unauthorized',
    )
  })
})

describe('signing in with two-factor sign-in on', () => {
  let editor: Account
  let secret: string
  let recoveryCodes: string[]
  const apiKey = `two-factor-editor-key-${Date.now()}-0123456789`

  beforeAll(async () => {
    editor = await createAccount('editor')
    const keyed = await asSession(editor.authorization, `/api/users/${editor.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ enableAPIKey: true, apiKey }),
    })
    expect(keyed.status).toBe(200)
    ;({ secret, recoveryCodes } = await enrol(editor))
  })

  it('a password alone gets no token from REST sign-in: 401, asking for the code', async () => {
    const response = await signIn(editor)
    expect(response.status).toBe(401)
    const body = (await response.json()) as Record<string, unknown> & {
      error: { code: string; message: string; twoFactor: string }
    }
    expect(body.error).toMatchObject({ code: 'unauthorized', twoFactor: 'required' })
    expect(body.error.message).toMatch(/code/i)
    expect(body.token).toBeUndefined()
    expect(body.user).toBeUndefined()
    expect(sessionCookie(response)).toBeNull()
  })

  it('the refusal is in the asker’s language', async () => {
    const response = await fetch(`${baseUrl()}/api/users/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': 'es',
        'X-Forwarded-For': uniqueClient(),
      },
      body: JSON.stringify({ email: editor.email, password: editor.password }),
    })
    expect(response.status).toBe(401)
    const body = (await response.json()) as { error: { message: string } }
    expect(body.error.message).toMatch(/código/)
  })

  it('a password alone gets no token from GraphQL sign-in', async () => {
    const response = await graphqlSignIn(editor)
    const body = (await response.json()) as {
      data?: { loginUser?: { token?: string | null } | null } | null
      errors?: { message: string }[]
    }
    expect(body.data?.loginUser?.token ?? null).toBeNull()
    expect(body.errors?.length ?? 0).toBeGreaterThan(0)
    expect(sessionCookie(response)).toBeNull()
  })

  it('nothing from a password-only attempt opens /api/users/me, /api/preview or the admin’s actions', async () => {
    const refused = await signIn(editor)
    expect(refused.status).toBe(401)
    const cookie = sessionCookie(refused)
    const me = await fetch(`${baseUrl()}/api/users/me`, {
      headers: cookie ? { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' } : {},
    })
    expect(((await me.json()) as { user: unknown }).user).toBeNull()
    const preview = await fetch(`${baseUrl()}/api/preview?path=/en`, {
      headers: cookie ? { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' } : {},
      redirect: 'manual',
    })
    expect(preview.status).toBe(401)
    expect((await adminAction(cookie)).status).toBe(401)
  })

  it('with the right code: a session that works everywhere; the same code again is refused', async () => {
    await freshStep()
    const code = await codeFor(secret)
    const response = await signIn(editor, { code })
    expect(response.status).toBe(200)
    const { token } = (await response.json()) as { token: string }
    const cookie = sessionCookie(response)
    expect(token).toBeTruthy()
    expect(cookie).not.toBeNull()

    const me = await asSession(`JWT ${token}`, '/api/users/me')
    expect(((await me.json()) as { user: { id: number } }).user.id).toBe(editor.id)
    // A browser's navigation: Payload takes the cookie from same-site requests only.
    const preview = await fetch(`${baseUrl()}/api/preview?path=/en`, {
      headers: { Cookie: cookie!, 'Sec-Fetch-Site': 'same-origin' },
      redirect: 'manual',
    })
    expect(preview.status).toBe(307)
    expect((await adminAction(cookie)).status).not.toBe(401)

    // Replay: a code once used is not accepted again within its window.
    const replayed = await signIn(editor, { code })
    expect(replayed.status).toBe(401)
    const body = (await replayed.json()) as Record<string, unknown> & {
      error: { twoFactor: string }
    }
    expect(body.error.twoFactor).toBe('invalid')
    expect(body.token).toBeUndefined()
  })

  it('two sign-ins bringing the same new code at once: one gets in', async () => {
    await freshStep()
    const code = await codeFor(secret, 1)
    const answers = await Promise.all([signIn(editor, { code }), signIn(editor, { code })])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401])
  })

  it('a wrong code is refused with a clear 401, and never echoed', async () => {
    const response = await signIn(editor, { code: '12345x' })
    expect(response.status).toBe(401)
    const text = await response.text()
    expect(text).not.toContain('12345x')
    const body = JSON.parse(text) as { error: { code: string; message: string; twoFactor: string } }
    expect(body.error).toMatchObject({ code: 'unauthorized', twoFactor: 'invalid' })
    expect(body.error.message).toMatch(/code/i)
  })

  it('a recovery code signs in once; the second time it is refused', async () => {
    const recovery = recoveryCodes[0]!
    const first = await signIn(editor, { code: recovery.toLowerCase() })
    expect(first.status).toBe(200)
    expect(((await first.json()) as { token?: string }).token).toBeTruthy()
    const second = await signIn(editor, { code: recovery })
    expect(second.status).toBe(401)
    const status = (await (
      await asSession(editor.authorization, '/api/users/two-factor')
    ).json()) as { recoveryCodesLeft: number }
    expect(status.recoveryCodesLeft).toBe(9)

    const { docs } = await asAdminJson<{ docs: { action: string; targetId: string | null }[] }>(
      `/api/audit-log?where[action][equals]=auth.recovery_code_used&where[targetId][equals]=${editor.id}&depth=0`,
    )
    expect(docs).toHaveLength(1)
  })

  it('API keys go on working without any code', async () => {
    const me = await asSession(`users API-Key ${apiKey}`, '/api/users/me')
    expect(((await me.json()) as { user: { id: number } | null }).user?.id).toBe(editor.id)
    const posts = await asSession(`users API-Key ${apiKey}`, '/api/posts?limit=1&draft=true')
    expect(posts.status).toBe(200)
  })

  it('the secret and codes are readable through no API; an edit of the account keeps them', async () => {
    const hidden = [
      'twoFactorSecret',
      'twoFactorPendingSecret',
      'twoFactorLastStep',
      'twoFactorRecoveryCodes',
    ]
    const own = (await (await asSession(editor.authorization, '/api/users/me')).json()) as {
      user: Record<string, unknown>
    }
    const byAdmin = (await asAdminJson(`/api/users/${editor.id}?depth=0`)) as Record<
      string,
      unknown
    >
    for (const field of hidden) {
      expect(own.user).not.toHaveProperty(field)
      expect(byAdmin).not.toHaveProperty(field)
    }
    expect(byAdmin.twoFactorEnabled).toBe(true)
    // The credentials' own collection answers nobody, not even an admin.
    expect((await asAdmin('/api/two-factor-credentials')).status).toBe(403)
    const graphql = await asAdmin('/api/graphql', {
      method: 'POST',
      body: JSON.stringify({ query: `{ User(id: ${editor.id}) { twoFactorSecret } }` }),
    })
    const answer = (await graphql.json()) as { errors?: { message: string }[] }
    expect(answer.errors?.[0]?.message).toMatch(/twoFactorSecret/)

    // Writing them is ignored, by the account itself or an admin.
    const edited = await asSession(editor.authorization, `/api/users/${editor.id}`, {
      method: 'PATCH',
      body: JSON.stringify({
        name: 'Two-factor editor',
        twoFactorEnabled: false,
        secret: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      }),
    })
    expect(edited.status).toBe(200)
    const status = (await (
      await asSession(editor.authorization, '/api/users/two-factor')
    ).json()) as { enabled: boolean; recoveryCodesLeft: number }
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 9 })
    expect((await signIn(editor)).status).toBe(401)
  })

  it('turning it off takes a current code; then the password alone signs in again', async () => {
    const wrong = await asSession(editor.authorization, '/api/users/two-factor/disable', {
      method: 'POST',
      body: JSON.stringify({ code: 'ZZZZZ-ZZZZZ' }),
    })
    expect(wrong.status).toBe(401)
    const byKey = await asSession(`users API-Key ${apiKey}`, '/api/users/two-factor/disable', {
      method: 'POST',
      body: JSON.stringify({ code: recoveryCodes[1] }),
    })
    expect(byKey.status).toBe(403)
    const off = await asSession(editor.authorization, '/api/users/two-factor/disable', {
      method: 'POST',
      body: JSON.stringify({ code: recoveryCodes[1] }),
    })
    expect(off.status).toBe(200)
    expect((await signIn(editor)).status).toBe(200)
    // The same GraphQL sign-in that was refused gives a token now (the mutation is the right one).
    const graphql = (await (await graphqlSignIn(editor)).json()) as {
      data?: { loginUser?: { token?: string | null } | null } | null
    }
    expect(graphql.data?.loginUser?.token).toBeTruthy()

    const { docs } = await asAdminJson<{ docs: { action: string }[] }>(
      `/api/audit-log?where[targetId][equals]=${editor.id}&where[action][in]=user.two_factor_enable,user.two_factor_disable&depth=0&sort=createdAt`,
    )
    expect(docs.map((doc) => doc.action)).toEqual([
      'user.two_factor_enable',
      'user.two_factor_disable',
    ])
  })
})

describe('new recovery codes from the account page', () => {
  const renew = (account: Account, code: unknown) =>
    asSession(account.authorization, '/api/users/two-factor/recovery-codes', {
      method: 'POST',
      body: JSON.stringify({ code }),
    })

  it('with a current code: ten new codes that sign in, the old ones refused at once; in the audit log', async () => {
    const editor = await createAccount('editor')
    const { secret, recoveryCodes: old } = await enrol(editor)
    await freshStep()
    const renewed = await renew(editor, await codeFor(secret))
    expect(renewed.status).toBe(200)
    expect(renewed.headers.get('cache-control')).toBe('no-store')
    const { recoveryCodes } = (await renewed.json()) as { recoveryCodes: string[] }
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    expect(recoveryCodes.filter((each) => old.includes(each))).toEqual([])
    const status = (await (
      await asSession(editor.authorization, '/api/users/two-factor')
    ).json()) as { enabled: boolean; recoveryCodesLeft: number }
    expect(status).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false })

    for (const each of old.slice(0, 2))
      expect((await signIn(editor, { code: each })).status).toBe(401)
    expect((await signIn(editor, { code: recoveryCodes[0] })).status).toBe(200)

    const { docs } = await asAdminJson<{ docs: { action: string; actor: unknown }[] }>(
      `/api/audit-log?where[targetId][equals]=${editor.id}&where[action][in]=user.two_factor_enable,user.recovery_codes_renew&depth=0&sort=createdAt`,
    )
    expect(docs.map((entry) => entry.action)).toEqual([
      'user.two_factor_enable',
      'user.recovery_codes_renew',
    ])
  })

  it('takes a code from the app, not a recovery code; a wrong code is refused and counts toward the wrong-code budget', async () => {
    const editor = await createAccount('editor')
    const { secret, recoveryCodes } = await enrol(editor)
    const byRecoveryCode = await renew(editor, recoveryCodes[0])
    expect(byRecoveryCode.status).toBe(401)
    const refusal = (await byRecoveryCode.json()) as { error: { code: string; twoFactor: string } }
    expect(refusal.error).toMatchObject({ code: 'unauthorized', twoFactor: 'invalid' })
    expect((await renew(editor, undefined)).status).toBe(401)

    const wrong = await renew(editor, '000001')
    expect(wrong.status).toBe(401)
    const text = await wrong.text()
    expect(text).not.toContain('000001')
    // Five wrong codes in all (the recovery code was one): even the right one then waits.
    for (let i = 0; i < 3; i += 1) expect((await renew(editor, '000001')).status).toBe(401)
    const right = await renew(editor, await codeFor(secret, 1))
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)

    // Nothing changed: the old codes are all there, and nothing was recorded as renewed.
    const status = (await (
      await asSession(editor.authorization, '/api/users/two-factor')
    ).json()) as { recoveryCodesLeft: number }
    expect(status.recoveryCodesLeft).toBe(10)
    const { docs } = await asAdminJson<{ docs: unknown[] }>(
      `/api/audit-log?where[targetId][equals]=${editor.id}&where[action][equals]=user.two_factor_enable&depth=0`,
    )
    expect(docs).toHaveLength(1)
  })

  it('in Spanish, and only with two-factor sign-in on and a password session', async () => {
    const editor = await createAccount('editor')
    const off = await asSession(editor.authorization, '/api/users/two-factor/recovery-codes', {
      method: 'POST',
      headers: { 'Accept-Language': 'es' },
      body: JSON.stringify({ code: '123456' }),
    })
    expect(off.status).toBe(400)
    expect(((await off.json()) as { error: { message: string } }).error.message).toMatch(
      /no está activada/,
    )
    const anonymous = await fetch(`${baseUrl()}/api/users/two-factor/recovery-codes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: '123456' }),
    })
    expect(anonymous.status).toBe(401)
  })
})

describe('a password reset (which signs in)', () => {
  it('takes the code too: without it, nothing changes; with it, the new password and a session', async () => {
    const editor = await createAccount('editor')
    const { secret } = await enrol(editor)
    const forgot = await fetch(`${baseUrl()}/api/users/forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueClient() },
      body: JSON.stringify({ email: editor.email }),
    })
    expect(forgot.status).toBe(200)
    const { rows } = await db.query<{ reset_password_token: string }>(
      'SELECT reset_password_token FROM users WHERE id = $1',
      [editor.id],
    )
    const token = rows[0]!.reset_password_token
    const reset = (extra: Record<string, unknown>) =>
      fetch(`${baseUrl()}/api/users/reset-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token, password: 'a-new-passphrase-after-reset-01', ...extra }),
      })
    const without = await reset({})
    expect(without.status).toBe(401)
    const body = (await without.json()) as Record<string, unknown> & {
      error: { twoFactor: string }
    }
    expect(body.error.twoFactor).toBe('required')
    expect(body.token).toBeUndefined()
    expect(sessionCookie(without)).toBeNull()
    // Nothing changed: the old password is still the right one (it gets as far as the code).
    const old = (await (await signIn(editor)).json()) as { error?: { twoFactor?: string } }
    expect(old.error?.twoFactor).toBe('required')

    const withCode = await reset({ code: await codeFor(secret, 1) })
    expect(withCode.status).toBe(200)
    expect(((await withCode.json()) as { token?: string }).token).toBeTruthy()
  })
})

describe('an admin turning off another account’s two-factor sign-in (phone and codes lost)', () => {
  it('takes an admin’s password session; then the password alone signs in', async () => {
    const editor = await createAccount('editor')
    await enrol(editor)
    const other = await createAccount('editor')
    const path = `/api/users/${editor.id}/two-factor/reset`
    expect((await asSession(other.authorization, path, { method: 'POST' })).status).toBe(403)
    // The admin's API key never asks for a code: it cannot turn codes off either.
    expect((await asAdmin(path, { method: 'POST' })).status).toBe(403)
    const admin = await signIn(ADMIN)
    expect(admin.status).toBe(200)
    const { token } = (await admin.json()) as { token: string }
    const reset = await asSession(`JWT ${token}`, path, { method: 'POST' })
    expect(reset.status).toBe(200)
    expect((await signIn(editor)).status).toBe(200)
    const { docs } = await asAdminJson<{ docs: { detail: Record<string, unknown> | null }[] }>(
      `/api/audit-log?where[targetId][equals]=${editor.id}&where[action][equals]=user.two_factor_disable&depth=0`,
    )
    expect(docs[0]?.detail).toMatchObject({ byAdmin: true })
  })
})

describe('wrong codes', () => {
  it('count toward the sign-in throttle as wrong passwords do, then are refused 429', async () => {
    const editor = await createAccount('editor')
    const { secret } = await enrol(editor)
    const client = uniqueClient()
    const attempt = (code: string) =>
      fetch(`${baseUrl()}/api/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
        body: JSON.stringify({ email: editor.email, password: editor.password, code }),
      })
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt('000001')).status)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses[5]).toBe(429)
    // Even the right code, from that client, waits.
    const right = await attempt(await codeFor(secret, 1))
    expect(right.status).toBe(429)
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('the admins’ setting “require two-factor sign-in for admins and editors”', () => {
  afterAll(async () => {
    await asAdmin('/api/globals/security-settings', {
      method: 'POST',
      body: JSON.stringify({ requireTwoFactor: false }),
    })
  })

  it('is for admins only, and marks admins and editors without it as due to enrol', async () => {
    const editor = await createAccount('editor')
    const author = await createAccount('author')
    const byEditor = await asSession(editor.authorization, '/api/globals/security-settings', {
      method: 'POST',
      body: JSON.stringify({ requireTwoFactor: true }),
    })
    expect(byEditor.status).toBe(403)
    const saved = await asAdmin('/api/globals/security-settings', {
      method: 'POST',
      body: JSON.stringify({ requireTwoFactor: true }),
    })
    expect(saved.status).toBe(200)

    const statusOf = async (account: Account) =>
      (await (await asSession(account.authorization, '/api/users/two-factor')).json()) as {
        required: boolean
      }
    expect((await statusOf(editor)).required).toBe(true)
    expect((await statusOf(author)).required).toBe(false)
    // Signing in still works (to enrol); API keys are not affected.
    expect((await signIn(editor)).status).toBe(200)
    expect((await asAdmin('/api/users/me')).status).toBe(200)
  })
})
