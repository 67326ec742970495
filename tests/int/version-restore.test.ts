import { beforeAll, describe, expect, it } from 'vitest'

import { as, createAccount, type Account } from '../support/accounts'
import { asAdmin, asAdminJson, getJson } from '../support/api'
import { lexical, uniqueSlug } from '../support/factories'

/**
 * Restoring a version over REST (what the admin's Restore button posts): the restored content
 * becomes the latest draft, in every language, and the public version stays as it was until an
 * editor publishes; whatever the query says (`draft=false`, as the button sends by default).
 * Authors may restore into a draft a document they may edit, never publish. Settings globals
 * likewise, for editors; authors may not restore them (403). Other restores (GraphQL without
 * `draft`) are refused.
 */

let author: Account
let editor: Account

beforeAll(async () => {
  author = await createAccount('author')
  editor = await createAccount('editor')
})

interface Post {
  id: number
  title: string
  slug: string
  _status: string
}

interface Version {
  id: number
  latest?: boolean
  version: { title?: string; _status: string; footerText?: string }
}

/** A post published as "First", then published again as "Second" (with Spanish titles too). */
async function twicePublishedPost(): Promise<{ id: number; slug: string }> {
  const slug = uniqueSlug('restored')
  const { doc } = await asAdminJson<{ doc: Post }>('/api/posts?locale=en', {
    method: 'POST',
    body: JSON.stringify({
      title: 'First',
      slug,
      content: lexical('First body'),
      _status: 'published',
    }),
  })
  await asAdminJson(`/api/posts/${doc.id}?locale=es`, {
    method: 'PATCH',
    body: JSON.stringify({ title: 'Primero', _status: 'published' }),
  })
  await asAdminJson(`/api/posts/${doc.id}?locale=en`, {
    method: 'PATCH',
    body: JSON.stringify({
      title: 'Second',
      content: lexical('Second body'),
      _status: 'published',
    }),
  })
  await asAdminJson(`/api/posts/${doc.id}?locale=es`, {
    method: 'PATCH',
    body: JSON.stringify({ title: 'Segundo', _status: 'published' }),
  })
  return { id: doc.id, slug }
}

async function versionsOf(id: number): Promise<Version[]> {
  const { docs } = await asAdminJson<{ docs: Version[] }>(
    `/api/posts/versions?where[parent][equals]=${id}&locale=en&sort=-updatedAt&limit=50`,
  )
  return docs
}

/** The version whose English title is `title` and which the Spanish `esTitle` accompanied. */
async function versionTitled(id: number, title: string, esTitle: string): Promise<Version> {
  const { docs } = await asAdminJson<{ docs: (Version & { version: { title: unknown } })[] }>(
    `/api/posts/versions?where[parent][equals]=${id}&locale=all&sort=-updatedAt&limit=50`,
  )
  const found = docs.find((each) => {
    const titles = each.version.title as unknown as Record<string, string>
    return titles.en === title && titles.es === esTitle
  })
  expect(found).toBeDefined()
  return found!
}

/** What anonymous readers get: the published document. */
async function publicTitle(id: number, locale = 'en'): Promise<string> {
  const { status, body } = await getJson<Post>(`/api/posts/${id}?locale=${locale}`)
  expect(status).toBe(200)
  return body.title
}

const latestDraft = (id: number, locale = 'en') =>
  asAdminJson<Post>(`/api/posts/${id}?locale=${locale}&draft=true`)

describe('restoring a post version', () => {
  it('makes a draft with the restored content in every language; the site keeps the published one', async () => {
    const post = await twicePublishedPost()
    const first = await versionTitled(post.id, 'First', 'Primero')
    // As the admin's button posts it by default.
    const restored = await as(editor, `/api/posts/versions/${first.id}?draft=false`, {
      method: 'POST',
    })
    expect(restored.status).toBe(200)
    const body = (await restored.json()) as { _status: string; message: string }
    expect(body._status).toBe('draft')
    expect(body.message).toMatch(/draft/i)

    // Published: still the second version, in both languages.
    expect(await publicTitle(post.id)).toBe('Second')
    expect(await publicTitle(post.id, 'es')).toBe('Segundo')
    // The latest draft: the first version, in both languages, ready to publish.
    expect(await latestDraft(post.id)).toMatchObject({ title: 'First', _status: 'draft' })
    expect((await latestDraft(post.id, 'es')).title).toBe('Primero')
    // Nothing lost: the second version is still in the history, and the restore is the newest.
    const history = await versionsOf(post.id)
    expect(history[0]).toMatchObject({
      latest: true,
      version: { title: 'First', _status: 'draft' },
    })
    expect(history.some((each) => each.version.title === 'Second')).toBe(true)

    // Publishing the draft makes it public.
    const published = await as(editor, `/api/posts/${post.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'published' }),
    })
    expect(published.status).toBe(200)
    expect(await publicTitle(post.id)).toBe('First')
    expect(await publicTitle(post.id, 'es')).toBe('Primero')
  })

  it('never publishes, with or without the draft flag', async () => {
    const post = await twicePublishedPost()
    const first = await versionTitled(post.id, 'First', 'Primero')
    for (const query of ['', '?draft=true', '?draft=false']) {
      const restored = await asAdmin(`/api/posts/versions/${first.id}${query}`, { method: 'POST' })
      expect(restored.status).toBe(200)
      expect(await publicTitle(post.id)).toBe('Second')
    }
  })

  it('lets an author restore into a draft, never publishing, and not publish it', async () => {
    const post = await twicePublishedPost()
    const first = await versionTitled(post.id, 'First', 'Primero')
    const restored = await as(author, `/api/posts/versions/${first.id}?draft=false`, {
      method: 'POST',
    })
    expect(restored.status).toBe(200)
    expect(((await restored.json()) as Post)._status).toBe('draft')
    expect(await publicTitle(post.id)).toBe('Second')
    expect(await latestDraft(post.id)).toMatchObject({ title: 'First', _status: 'draft' })
    // The author cannot publish it…
    const publish = await as(author, `/api/posts/${post.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'published' }),
    })
    expect(publish.status).toBe(403)
    expect(await publicTitle(post.id)).toBe('Second')
  })

  it('refuses a restore that would publish by another way (GraphQL without draft)', async () => {
    const post = await twicePublishedPost()
    const first = await versionTitled(post.id, 'First', 'Primero')
    const response = await asAdmin('/api/graphql', {
      method: 'POST',
      body: JSON.stringify({
        query: `mutation { restoreVersionPost(id: ${first.id}) { id } }`,
      }),
    })
    const body = (await response.json()) as { errors?: { message: string }[] }
    expect(body.errors?.[0]?.message).toMatch(/draft/)
    expect(await publicTitle(post.id)).toBe('Second')
    expect((await latestDraft(post.id)).title).toBe('Second')
  })

  it('answers 404 for a version that does not exist or a malformed id', async () => {
    for (const id of ['999999999', 'not-an-id']) {
      const response = await asAdmin(`/api/posts/versions/${id}`, { method: 'POST' })
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ error: { code: expect.any(String) } })
    }
  })
})

describe('restoring a settings version', () => {
  const navigation = (query: string) =>
    asAdminJson<{ footerText?: string; _status?: string }>(`/api/globals/navigation${query}`)

  it('makes a draft for editors, keeps the published settings, and is refused to authors', async () => {
    const marker = Date.now().toString(36)
    for (const text of [`Old footer ${marker}`, `New footer ${marker}`]) {
      await asAdminJson('/api/globals/navigation?locale=en', {
        method: 'POST',
        body: JSON.stringify({ footerText: text, _status: 'published' }),
      })
    }
    const { docs } = await asAdminJson<{ docs: Version[] }>(
      '/api/globals/navigation/versions?locale=en&sort=-updatedAt&limit=50',
    )
    const old = docs.find((each) => each.version.footerText === `Old footer ${marker}`)!
    expect(old).toBeDefined()

    const byAuthor = await as(author, `/api/globals/navigation/versions/${old.id}?draft=false`, {
      method: 'POST',
    })
    expect(byAuthor.status).toBe(403)

    const restored = await as(editor, `/api/globals/navigation/versions/${old.id}?draft=false`, {
      method: 'POST',
    })
    expect(restored.status).toBe(200)
    expect((await navigation('?locale=en')).footerText).toBe(`New footer ${marker}`)
    expect(await navigation('?locale=en&draft=true')).toMatchObject({
      footerText: `Old footer ${marker}`,
      _status: 'draft',
    })

    const graphql = await asAdmin('/api/graphql', {
      method: 'POST',
      body: JSON.stringify({
        query: `mutation { restoreVersionNavigation(id: ${old.id}, draft: true) { footerText } }`,
      }),
    })
    const refused = (await graphql.json()) as { errors?: { message: string }[] }
    expect(refused.errors?.[0]?.message).toMatch(/draft/)
    expect((await navigation('?locale=en')).footerText).toBe(`New footer ${marker}`)
  })
})
