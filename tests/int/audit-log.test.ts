import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { createAdmin } from '../support/admin'
import { runScript, startApp, type AppServer } from '../support/app-server'
import { createTestDatabase } from '../support/database'
import { lexical, uniqueSlug } from '../support/factories'
import { postInquiry, uniqueClient, validInquiry } from '../support/inquiries'
import { poll } from '../support/poll'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp'

/**
 * The audit log, through the REST API as editors and admins use it: each audited action leaves
 * one entry naming who (account and email then, or anonymous), what (the action code), on what
 * (collection or global, id, title then), in which language and from which client address; a
 * draft save leaves none. Nobody creates, changes or deletes an entry over REST or GraphQL, and
 * editors do not read them; the table refuses updates even to SQL. Entries past
 * AUDIT_LOG_RETENTION_DAYS are deleted when an instance starts. On a database and instance of
 * its own: its publishes, settings and retention touch no other file's.
 */

const ADMIN = { email: 'audit-admin@example.test', password: 'a-long-passphrase-audit-admin' }
const RETENTION_DAYS = 30

let databaseUrl: string
let db: pg.Client
let server: AppServer
let admin: { id: number; authorization: string }
let smtp: SmtpCatcher | undefined
/** The client address the admin's requests come from (X-Forwarded-For; loopback is trusted). */
const ADMIN_CLIENT = uniqueClient()

interface Entry {
  id: number
  action: string
  actorType: string
  actorId: number | null
  actorEmail: string | null
  target: string
  targetId: string | null
  targetTitle: string | null
  locale: string | null
  clientAddress: string | null
  detail: Record<string, unknown> | null
  createdAt: string
}

function request(
  path: string,
  init: RequestInit & { authorization?: string | null; client?: string } = {},
): Promise<Response> {
  const { authorization = admin.authorization, client = ADMIN_CLIENT, ...rest } = init
  return fetch(`${server.url}${path}`, {
    ...rest,
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': client,
      ...(authorization ? { Authorization: authorization } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
  })
}

async function json<T = Record<string, unknown>>(
  path: string,
  init: Parameters<typeof request>[1] = {},
): Promise<T> {
  const response = await request(path, init)
  const text = await response.text()
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as T
}

async function signIn(
  email: string,
  password: string,
  client = uniqueClient(),
): Promise<{ status: number; token?: string; user?: { id: number } }> {
  const response = await request('/api/users/login', {
    method: 'POST',
    authorization: null,
    client,
    body: JSON.stringify({ email, password }),
  })
  const body = (await response.json()) as { token?: string; user?: { id: number } }
  return { status: response.status, ...body }
}

/** The entries matching `where` (REST query string), newest first, as the admin reads them. */
async function entries(where: Record<string, string | number>): Promise<Entry[]> {
  const query = Object.entries(where)
    .map(([field, value]) => `where[${field}][equals]=${encodeURIComponent(String(value))}`)
    .join('&')
  return (await json<{ docs: Entry[] }>(`/api/audit-log?${query}&sort=-createdAt&limit=100`)).docs
}

/** The one entry of `action` on `target` (and id), once it is there. */
function entryOf(action: string, target: string, targetId?: number | string): Promise<Entry> {
  return poll(`${action} on ${target} ${targetId ?? ''}`, async () => {
    const found = await entries({
      action,
      target,
      ...(targetId === undefined ? {} : { targetId: String(targetId) }),
    })
    return found[0]
  })
}

const count = async (where: Record<string, string | number>) => (await entries(where)).length

const byAdmin = {
  actorType: 'user',
  actorEmail: ADMIN.email,
  clientAddress: ADMIN_CLIENT,
}

beforeAll(async () => {
  const runId = process.env.TEST_RUN_ID ?? 'main'
  databaseUrl = await createTestDatabase(`consultancy_test_${runId}_audit_log`)
  // Its own mail server: the accounts this instance invites (and deletes) are none of the shared
  // app's, whose mail the inquiry suite checks for anything sent to a stranger.
  smtp = await startSmtpCatcher()
  const env = { ...inject('appEnv'), DATABASE_URL: databaseUrl, SMTP_URL: smtp.url }
  if ((await runScript('scripts/migrate.ts', env)) !== 0) throw new Error('migrate')
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  // Two entries from before this instance starts: one past the retention, one within it.
  await db.query(
    `insert into audit_log (action, actor_type, target, target_title, created_at, updated_at)
     values ('auth.sign_in', 'system', 'users', 'past-retention', now() - $1::int * interval '1 day', now()),
            ('auth.sign_in', 'system', 'users', 'within-retention', now() - $2::int * interval '1 day', now())`,
    [RETENTION_DAYS + 1, RETENTION_DAYS - 1],
  )
  await createAdmin(env, ADMIN)
  server = await startApp(`app-audit-log-${runId}`, {
    ...env,
    AUDIT_LOG_RETENTION_DAYS: String(RETENTION_DAYS),
  })
  const signedIn = await signIn(ADMIN.email, ADMIN.password, ADMIN_CLIENT)
  expect(signedIn.status).toBe(200)
  admin = { id: signedIn.user!.id, authorization: `JWT ${signedIn.token}` }
})

afterAll(async () => {
  await server?.stop()
  await db?.end()
  await smtp?.stop()
})

describe('sign-ins', () => {
  it('records a sign-in with its account and client address', async () => {
    const entry = await entryOf('auth.sign_in', 'users', admin.id)
    expect(entry).toMatchObject({ ...byAdmin, actorId: admin.id, targetTitle: ADMIN.email })
  })

  it('records a failed sign-in as anonymous, with the email tried and the client address', async () => {
    const client = uniqueClient()
    expect((await signIn(ADMIN.email, 'not-the-password', client)).status).toBe(401)
    const entry = await poll(
      'the failed sign-in',
      async () => (await entries({ action: 'auth.sign_in_failed', clientAddress: client }))[0],
    )
    expect(entry).toMatchObject({
      actorType: 'anonymous',
      actorId: null,
      actorEmail: null,
      target: 'users',
      targetTitle: ADMIN.email,
      detail: { reason: 'wrong_credentials' },
    })
    const unknown = uniqueClient()
    expect((await signIn('nobody@example.test', 'whatever-password', unknown)).status).toBe(401)
    expect(
      (
        await poll(
          'the unknown account',
          async () => (await entries({ action: 'auth.sign_in_failed', clientAddress: unknown }))[0],
        )
      ).targetTitle,
    ).toBe('nobody@example.test')
  })
})

describe('documents', () => {
  it('records publish, unpublish, restore and delete of a post, and no draft save', async () => {
    const slug = uniqueSlug('audited')
    const body = (title: string, status: 'draft' | 'published') =>
      JSON.stringify({ _status: status, slug, title, content: lexical(`Body of ${title}`) })
    const { doc } = await json<{ doc: { id: number } }>('/api/posts?locale=en&draft=true', {
      method: 'POST',
      body: body('Audited draft', 'draft'),
    })
    await json(`/api/posts/${doc.id}?locale=en`, {
      method: 'PATCH',
      body: body('Audited post', 'published'),
    })
    const published = await entryOf('document.publish', 'posts', doc.id)
    expect(published).toMatchObject({ ...byAdmin, targetTitle: 'Audited post', locale: 'en' })

    // A draft saved over the published post: the post is still published, nothing recorded.
    await json(`/api/posts/${doc.id}?locale=en&draft=true`, {
      method: 'PATCH',
      body: body('Audited post, edited', 'draft'),
    })
    // Unpublished: saved as a draft without `draft=true`.
    await json(`/api/posts/${doc.id}?locale=en`, {
      method: 'PATCH',
      body: body('Audited post, withdrawn', 'draft'),
    })
    const unpublished = await entryOf('document.unpublish', 'posts', doc.id)
    expect(unpublished).toMatchObject({ ...byAdmin, targetTitle: 'Audited post, withdrawn' })
    expect(await count({ target: 'posts', targetId: String(doc.id) })).toBe(2)

    // The published version restored.
    const { docs: versions } = await json<{
      docs: { id: string; version: { _status: string; title: string } }[]
    }>(`/api/posts/versions?where[parent][equals]=${doc.id}&locale=en&sort=-updatedAt&limit=20`)
    const version = versions.find((v) => v.version.title === 'Audited post')!
    await json(`/api/posts/versions/${version.id}?locale=en`, { method: 'POST' })
    const restored = await entryOf('document.restore', 'posts', doc.id)
    // Restored into a draft (src/versions/): the post itself stays as it was, withdrawn.
    expect(restored).toMatchObject({
      ...byAdmin,
      targetTitle: 'Audited post',
      detail: { status: 'draft' },
    })

    await json(`/api/posts/${doc.id}`, { method: 'DELETE' })
    const deleted = await entryOf('document.delete', 'posts', doc.id)
    expect(deleted).toMatchObject({ ...byAdmin, targetTitle: 'Audited post, withdrawn' })
    expect(await count({ target: 'posts', targetId: String(doc.id) })).toBe(4)
  })

  it('records a settings global published, and not its draft', async () => {
    const before = await count({ target: 'navigation' })
    await json('/api/globals/navigation?locale=es&draft=true', {
      method: 'POST',
      body: JSON.stringify({ _status: 'draft', footerText: 'Borrador del pie' }),
    })
    await json('/api/globals/navigation?locale=es', {
      method: 'POST',
      body: JSON.stringify({ _status: 'published', footerText: 'Pie publicado' }),
    })
    const entry = await entryOf('settings.publish', 'navigation')
    expect(entry).toMatchObject({ ...byAdmin, targetId: null, locale: 'es' })
    expect(await count({ target: 'navigation' })).toBe(before + 1)
  })
})

describe('redirects', () => {
  it('records a redirect created, changed and deleted', async () => {
    const from = `/en/blog/${uniqueSlug('moved')}`
    const { doc } = await json<{ doc: { id: number } }>('/api/redirects', {
      method: 'POST',
      body: JSON.stringify({ from, to: '/en/blog' }),
    })
    expect(await entryOf('redirect.create', 'redirects', doc.id)).toMatchObject({
      ...byAdmin,
      targetTitle: from,
      detail: expect.objectContaining({ to: '/en/blog' }),
    })
    await json(`/api/redirects/${doc.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ to: '/en/case-studies' }),
    })
    expect(await entryOf('redirect.update', 'redirects', doc.id)).toMatchObject({
      detail: expect.objectContaining({ to: '/en/case-studies', toBefore: '/en/blog' }),
    })
    await json(`/api/redirects/${doc.id}`, { method: 'DELETE' })
    expect(await entryOf('redirect.delete', 'redirects', doc.id)).toMatchObject({
      ...byAdmin,
      targetTitle: from,
    })
  })
})

describe('accounts', () => {
  it('records an account created, its role changed, its API key created and revoked, and its deletion', async () => {
    const email = `audited-${Date.now()}@example.test`
    const { doc } = await json<{ doc: { id: number } }>('/api/users', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'a-long-passphrase-audited', roles: ['author'] }),
    })
    expect(await entryOf('user.create', 'users', doc.id)).toMatchObject({
      ...byAdmin,
      targetTitle: email,
      detail: { roles: ['author'] },
    })

    await json(`/api/users/${doc.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ roles: ['editor'] }),
    })
    expect(await entryOf('user.role_change', 'users', doc.id)).toMatchObject({
      ...byAdmin,
      detail: { from: ['author'], to: ['editor'] },
    })

    const apiKey = `audited-key-${Date.now()}-0123456789abcdef`
    await json(`/api/users/${doc.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ enableAPIKey: true, apiKey }),
    })
    expect(await entryOf('user.api_key_create', 'users', doc.id)).toMatchObject(byAdmin)
    const withKey = await json<{ user: { id: number } | null }>('/api/users/me', {
      authorization: `users API-Key ${apiKey}`,
    })
    expect(withKey.user?.id).toBe(doc.id)

    await json(`/api/users/${doc.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ enableAPIKey: false }),
    })
    expect(await entryOf('user.api_key_revoke', 'users', doc.id)).toMatchObject(byAdmin)
    const revoked = await json<{ user: unknown }>('/api/users/me', {
      authorization: `users API-Key ${apiKey}`,
    })
    expect(revoked.user).toBeNull()

    // A change of name only: nothing recorded.
    await json(`/api/users/${doc.id}`, { method: 'PATCH', body: JSON.stringify({ name: 'Ana' }) })
    await json(`/api/users/${doc.id}`, { method: 'DELETE' })
    expect(await entryOf('user.delete', 'users', doc.id)).toMatchObject({
      ...byAdmin,
      targetTitle: email,
    })
    expect(
      (await entries({ target: 'users', targetId: String(doc.id) })).map((e) => e.action).sort(),
    ).toEqual([
      'user.api_key_create',
      'user.api_key_revoke',
      'user.create',
      'user.delete',
      'user.role_change',
    ])
  })

  it('records an action taken with an API key as the key’s account, through its key', async () => {
    const apiKey = `audit-admin-key-${Date.now()}-0123456789abcdef`
    await json(`/api/users/${admin.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ enableAPIKey: true, apiKey }),
    })
    const from = `/en/${uniqueSlug('key-moved')}`
    const { doc } = await json<{ doc: { id: number } }>('/api/redirects', {
      method: 'POST',
      authorization: `users API-Key ${apiKey}`,
      body: JSON.stringify({ from, to: '/en' }),
    })
    expect(await entryOf('redirect.create', 'redirects', doc.id)).toMatchObject({
      ...byAdmin,
      actorId: admin.id,
      detail: expect.objectContaining({ via: 'api-key' }),
    })
  })
})

describe('inquiries', () => {
  it('records a status change, with no sender data, and a CSV export', async () => {
    const inquiry = validInquiry()
    expect((await postInquiry(inquiry, { baseUrl: server.url })).status).toBe(201)
    const { docs } = await json<{ docs: { id: number }[] }>(
      `/api/inquiries?where[email][equals]=${encodeURIComponent(String(inquiry.email))}`,
    )
    const id = docs[0]!.id
    await json(`/api/inquiries/${id}`, { method: 'PATCH', body: JSON.stringify({ note: 'seen' }) })
    await json(`/api/inquiries/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'replied' }),
    })
    const changed = await entryOf('inquiry.status_change', 'inquiries', id)
    expect(changed).toMatchObject({
      ...byAdmin,
      targetTitle: null,
      detail: { from: 'new', to: 'replied' },
    })
    expect(JSON.stringify(changed)).not.toContain(String(inquiry.email))
    expect(await count({ target: 'inquiries', targetId: String(id) })).toBe(1)

    const exported = await request('/api/exports/download', {
      method: 'POST',
      body: JSON.stringify({
        data: {
          collectionSlug: 'inquiries',
          format: 'csv',
          where: { status: { equals: 'replied' } },
        },
      }),
    })
    expect(exported.status).toBe(200)
    expect(await exported.text()).toContain(String(inquiry.email))
    const entry = await entryOf('inquiry.export', 'inquiries')
    expect(entry).toMatchObject({
      ...byAdmin,
      detail: expect.objectContaining({ format: 'csv', where: { status: { equals: 'replied' } } }),
    })
  })
})

describe('entries are append-only', () => {
  it('refuses to create, change or delete an entry over REST, and editors cannot read them', async () => {
    const [entry] = await entries({ action: 'auth.sign_in', actorId: admin.id })
    const total = async () =>
      (await json<{ totalDocs: number }>('/api/audit-log?limit=1')).totalDocs
    const before = await total()
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/audit-log', { action: 'auth.sign_in', actorType: 'system', target: 'users' }],
      ['PATCH', `/api/audit-log/${entry!.id}`, { actorEmail: 'someone-else@example.test' }],
      ['PATCH', `/api/audit-log?where[id][equals]=${entry!.id}`, { targetTitle: 'changed' }],
      ['DELETE', `/api/audit-log/${entry!.id}`, undefined],
      ['DELETE', `/api/audit-log?where[id][equals]=${entry!.id}`, undefined],
    ]
    for (const [method, path, body] of attempts) {
      const response = await request(path, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      expect([403, 405], `${method} ${path}`).toContain(response.status)
      const answer = (await response.json()) as { error?: { code: string }; errors?: unknown[] }
      expect(answer.error ?? answer.errors, `${method} ${path}`).toBeTruthy()
    }
    expect(await total()).toBe(before)
    expect(await json<Entry>(`/api/audit-log/${entry!.id}`)).toEqual(entry)

    // An editor (who may publish) cannot read the log either.
    const email = `audit-editor-${Date.now()}@example.test`
    await json('/api/users', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'a-long-passphrase-editor', roles: ['editor'] }),
    })
    const editor = await signIn(email, 'a-long-passphrase-editor')
    const asEditor = await request('/api/audit-log', { authorization: `JWT ${editor.token}` })
    expect(asEditor.status).toBe(403)
    const anonymous = await request('/api/audit-log', { authorization: null })
    expect([401, 403]).toContain(anonymous.status)
  })

  it('offers GraphQL nothing to create, change, delete or read entries with', async () => {
    const before = await count({ action: 'auth.sign_in' })
    for (const query of [
      'mutation { createAuditLog(data: { action: auth_sign_in, actorType: system, target: "users" }) { id } }',
      'mutation { deleteAuditLog(id: 1) { id } }',
      'mutation { updateAuditLog(id: 1, data: { targetTitle: "x" }) { id } }',
      '{ AuditLogs { docs { id } } }',
    ]) {
      const response = await request('/api/graphql', {
        method: 'POST',
        body: JSON.stringify({ query }),
      })
      const body = (await response.json()) as { errors?: unknown[]; data?: unknown }
      expect(body.errors?.length, query).toBeGreaterThan(0)
    }
    expect(await count({ action: 'auth.sign_in' })).toBe(before)
  })

  it('refuses an update even in SQL: only the retention deletes', async () => {
    const { rows } = await db.query<{ id: number }>('select id from audit_log limit 1')
    await expect(
      db.query(`update audit_log set target_title = 'changed' where id = $1`, [rows[0]!.id]),
    ).rejects.toThrow(/never changed/)
  })
})

describe('the admin', () => {
  it('lists the entries to admins, labelled in their language', async () => {
    const token = admin.authorization.replace(/^JWT /, '')
    for (const [language, label] of [
      ['en-US', 'Audit log'],
      ['es-ES', 'Registro de auditoría'],
    ] as const) {
      const response = await fetch(`${server.url}/admin/collections/audit-log`, {
        headers: { Cookie: `payload-token=${token}`, 'Accept-Language': language },
      })
      expect(response.status, language).toBe(200)
      expect(await response.text(), language).toContain(label)
    }
  })
})

describe('retention', () => {
  it('deleted, when the instance started, the entries older than the retention only', async () => {
    const titles = await poll('the old entry pruned', async () => {
      const { rows } = await db.query<{ target_title: string }>(
        `select target_title from audit_log where target_title like '%-retention'`,
      )
      const found = rows.map((row) => row.target_title)
      return found.includes('past-retention') ? undefined : found
    })
    expect(titles).toEqual(['within-retention'])
  })

  it('prunes in batches until nothing past the retention is left', async () => {
    const { pruneAuditLog } = await import('@/audit/prune')
    await db.query(
      `insert into audit_log (action, actor_type, target, target_title, created_at, updated_at)
       select 'auth.sign_in', 'system', 'users', 'batch-' || n, now() - interval '400 days', now()
         from generate_series(1, 7) n`,
    )
    expect(await pruneAuditLog(db, RETENTION_DAYS, 3)).toBe(7)
    const { rows } = await db.query(`select 1 from audit_log where target_title like 'batch-%'`)
    expect(rows).toHaveLength(0)
    expect(await count({ targetTitle: 'within-retention' })).toBe(1)
  })
})
