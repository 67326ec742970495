import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { createAccount, type Account } from '../support/accounts'
import { asAdminJson, baseUrl, get } from '../support/api'
import { withConnection } from '../support/database'
import { createDocument } from '../support/factories'
import { poll } from '../support/poll'

/**
 * Scheduling a publish or unpublish is for those who may publish (src/scheduling/schedule-guard.ts):
 * through the admin's own `schedule-publish` server function, an author's schedule is refused when
 * it is asked for (403, Payload's failure shape `{ error }` with a message in the author's admin
 * language) and nothing is queued, so no schedule fails at its time. An editor's is queued and
 * runs, as before.
 */

const jobs: number[] = []

afterAll(async () => {
  if (jobs.length > 0)
    await withConnection(inject('databaseUrl'), (db) =>
      db.query('delete from payload_jobs where id = any($1::int[])', [jobs]),
    )
})

/** The admin's `serverFunction` action, as an admin page names it. */
async function serverFunctionId(): Promise<string> {
  const html = await (await get('/admin/login')).text()
  const id = html.match(/\\"id\\":\\"([0-9a-f]{42})\\",\\"bound\\":null/)?.[1]
  expect(id).toBeDefined()
  return id!
}

/**
 * `schedule-publish` called as the schedule drawer calls it, as `account`, in `language`. The
 * date goes as React's reply encodes a Date (`$D…`), so the server gets a Date, as from the drawer.
 */
async function schedulePublish(
  account: Account,
  args: {
    type?: 'publish' | 'unpublish'
    id?: number
    at?: Date
    deleteID?: number
  },
  language: 'en' | 'es' = 'en',
): Promise<{ status: number; body: string }> {
  const response = await fetch(`${baseUrl()}/admin`, {
    method: 'POST',
    headers: {
      Authorization: account.authorization,
      Cookie: `payload-lng=${language}`,
      'Next-Action': await serverFunctionId(),
      'Content-Type': 'text/plain;charset=UTF-8',
      Accept: 'text/x-component',
    },
    body: JSON.stringify([
      {
        name: 'schedule-publish',
        args:
          args.deleteID !== undefined
            ? { deleteID: args.deleteID }
            : {
                type: args.type ?? 'publish',
                date: `$D${(args.at ?? new Date(Date.now() + 3_600_000)).toISOString()}`,
                doc: { relationTo: 'posts', value: String(args.id) },
              },
      },
    ]),
  })
  return { status: response.status, body: await response.text() }
}

/** The schedules queued for post `id`, oldest first. */
async function schedulesOf(id: number): Promise<{ id: number; input: Record<string, unknown> }[]> {
  const { rows } = await withConnection(inject('databaseUrl'), (db) =>
    db.query<{ id: number; input: Record<string, unknown> }>(
      `select id, input from payload_jobs
        where task_slug = 'schedulePublish' and input->'doc'->>'value' = $1 order by id`,
      [String(id)],
    ),
  )
  jobs.push(...rows.map((row) => row.id))
  return rows
}

let author: Account
let editor: Account

beforeAll(async () => {
  author = await createAccount('author')
  editor = await createAccount('editor')
})

describe('scheduling a publish or unpublish', () => {
  it("an author's schedule of a publish is refused when asked for: 403, a message, nothing queued", async () => {
    const { id } = await createDocument('posts', { status: 'draft' })
    const refused = await schedulePublish(author, { id })
    expect(refused.status).toBe(403)
    expect(refused.body).toContain('"error":"You may not schedule a publish or unpublish')
    expect(await schedulesOf(id)).toEqual([])

    const inSpanish = await schedulePublish(author, { id }, 'es')
    expect(inSpanish.status).toBe(403)
    expect(inSpanish.body).toContain('No puede programar una publicación')
    expect(await schedulesOf(id)).toEqual([])
  })

  it("an author's schedule of an unpublish is refused too", async () => {
    const { id } = await createDocument('posts', { status: 'published' })
    const refused = await schedulePublish(author, { id, type: 'unpublish' })
    expect(refused.status).toBe(403)
    expect(refused.body).toContain('You may not schedule')
    expect(await schedulesOf(id)).toEqual([])
  })

  it("an author may not remove an editor's schedule", async () => {
    const { id } = await createDocument('posts', { status: 'draft' })
    expect((await schedulePublish(editor, { id })).status).toBe(200)
    const [queued] = await schedulesOf(id)
    expect(queued).toBeDefined()
    const refused = await schedulePublish(author, { deleteID: queued!.id })
    expect(refused.status).toBe(403)
    expect((await schedulesOf(id)).map((job) => job.id)).toContain(queued!.id)
  })

  it("a schedule of a collection without scheduled publishing is refused, even an editor's", async () => {
    const refused = await fetch(`${baseUrl()}/admin`, {
      method: 'POST',
      headers: {
        Authorization: editor.authorization,
        'Next-Action': await serverFunctionId(),
        'Content-Type': 'text/plain;charset=UTF-8',
        Accept: 'text/x-component',
      },
      body: JSON.stringify([
        {
          name: 'schedule-publish',
          args: {
            type: 'publish',
            date: `$D${new Date(Date.now() + 3_600_000).toISOString()}`,
            doc: { relationTo: 'users', value: String(editor.id) },
          },
        },
      ]),
    })
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('This cannot be scheduled')
  })

  it("an editor's schedule is queued, as the editor, and publishes the post at its time", async () => {
    const { id } = await createDocument('posts', { status: 'draft' })
    const accepted = await schedulePublish(editor, { id, at: new Date(Date.now() + 2_000) })
    expect(accepted.status).toBe(200)
    expect(accepted.body).not.toContain('"error"')
    const [queued] = await schedulesOf(id)
    expect(queued?.input).toMatchObject({
      type: 'publish',
      user: { relationTo: 'users', value: editor.id },
    })
    const published = await poll(
      'the scheduled publish',
      async () => {
        const post = await asAdminJson<{ _status: string }>(`/api/posts/${id}?depth=0`)
        return post._status === 'published' ? post : undefined
      },
      { withinMs: 60_000, everyMs: 500 },
    )
    expect(published._status).toBe('published')
  }, 90_000)
})
