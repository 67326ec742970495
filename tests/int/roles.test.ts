import { beforeAll, describe, expect, it } from 'vitest'

import { as, createAccount, type Account } from '../support/accounts'
import { asAdmin, asAdminJson, baseUrl } from '../support/api'
import { createCategory, lexical, uniqueSlug } from '../support/factories'
import { createDocumentUsing, noisyPng } from '../support/media'

let author: Account
let editor: Account

beforeAll(async () => {
  author = await createAccount('author')
  editor = await createAccount('editor')
})

const draftBody = (title: string) =>
  JSON.stringify({ title, slug: uniqueSlug('author'), content: lexical(`Body of ${title}`) })

async function authorsDraft(collection: 'posts' | 'case-studies' = 'posts'): Promise<number> {
  const response = await as(author, `/api/${collection}?locale=en&draft=true`, {
    method: 'POST',
    body: draftBody(`Draft by an author ${Date.now()}`),
  })
  expect(response.status).toBe(201)
  const { doc } = (await response.json()) as { doc: { id: number; _status: string } }
  expect(doc._status).toBe('draft')
  return doc.id
}

async function expectForbidden(response: Response): Promise<void> {
  expect(response.status).toBe(403)
  expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } })
}

const statusOf = async (collection: string, id: number) =>
  (await asAdminJson<{ _status: string }>(`/api/${collection}/${id}`))._status

describe('the author role', () => {
  it('creates posts and case studies and saves drafts', async () => {
    for (const collection of ['posts', 'case-studies'] as const) {
      const id = await authorsDraft(collection)
      const saved = await as(author, `/api/${collection}/${id}?locale=en&draft=true`, {
        method: 'PATCH',
        body: JSON.stringify({ title: 'A better title', _status: 'draft' }),
      })
      expect(saved.status).toBe(200)
      // Editing a document that was never published, without the draft flag, is also a draft.
      const edited = await as(author, `/api/${collection}/${id}?locale=en`, {
        method: 'PATCH',
        body: JSON.stringify({ title: 'Another title' }),
      })
      expect(edited.status).toBe(200)
      expect(await statusOf(collection, id)).toBe('draft')
    }
  })

  it('cannot publish: not on creation, not by a save (403, nothing published)', async () => {
    await expectForbidden(
      await as(author, '/api/posts?locale=en', {
        method: 'POST',
        body: JSON.stringify({
          ...JSON.parse(draftBody('Published by an author')),
          _status: 'published',
        }),
      }),
    )
    const id = await authorsDraft()
    await expectForbidden(
      await as(author, `/api/posts/${id}?locale=en`, {
        method: 'PATCH',
        body: JSON.stringify({ _status: 'published' }),
      }),
    )
    await expectForbidden(
      await as(author, `/api/posts/${id}?locale=en&draft=true&publishSpecificLocale=en`, {
        method: 'PATCH',
        body: JSON.stringify({ title: 'Sneaky' }),
      }),
    )
    expect(await statusOf('posts', id)).toBe('draft')
  })

  it('cannot unpublish or change a published document in place, but may draft a change', async () => {
    const id = await authorsDraft()
    const published = await as(editor, `/api/posts/${id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'published' }),
    })
    expect(published.status).toBe(200)

    await expectForbidden(
      await as(author, `/api/posts/${id}?locale=en`, {
        method: 'PATCH',
        body: JSON.stringify({ _status: 'draft' }),
      }),
    )
    await expectForbidden(
      await as(author, `/api/posts/${id}?locale=en`, {
        method: 'PATCH',
        body: JSON.stringify({ title: 'Changed in place' }),
      }),
    )
    const draft = await as(author, `/api/posts/${id}?locale=en&draft=true`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'A proposed change', _status: 'draft' }),
    })
    expect(draft.status).toBe(200)
    const live = await asAdminJson<{ _status: string; title: string }>(`/api/posts/${id}?locale=en`)
    expect(live._status).toBe('published')
    expect(live.title).not.toBe('A proposed change')
  })

  it('cannot delete (403), a draft or a published document', async () => {
    const id = await authorsDraft()
    await expectForbidden(await as(author, `/api/posts/${id}`, { method: 'DELETE' }))
    expect(await statusOf('posts', id)).toBe('draft')
    // A bulk delete is not served to anyone; an author's would be refused all the same.
    const bulk = await as(author, `/api/posts?where[id][equals]=${id}`, { method: 'DELETE' })
    expect([403, 405]).toContain(bulk.status)
    expect(await statusOf('posts', id)).toBe('draft')
    await as(editor, `/api/posts/${id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'published' }),
    })
    await expectForbidden(await as(author, `/api/posts/${id}`, { method: 'DELETE' }))
    expect(await statusOf('posts', id)).toBe('published')
  })

  it('cannot read the inquiry inbox, and the admin does not list it for them', async () => {
    await expectForbidden(await as(author, '/api/inquiries'))
    const one = await asAdminJson<{ docs: { id: number }[] }>('/api/inquiries?limit=1')
    if (one.docs[0]) {
      await expectForbidden(await as(author, `/api/inquiries/${one.docs[0].id}`))
    }
    const access = (await (await as(author, '/api/access')).json()) as {
      collections: Record<string, { read: boolean }>
    }
    // Payload's permissions leave out what the account may not do at all.
    expect(access.collections.inquiries?.read ?? false).toBe(false)
    expect(access.collections.posts?.read).toBe(true)
  })

  it('cannot create, rename or delete a category (categories are public at once)', async () => {
    await expectForbidden(
      await as(author, '/api/categories?locale=en', {
        method: 'POST',
        body: JSON.stringify({ title: 'By an author', slug: uniqueSlug('author-category') }),
      }),
    )
    const id = await createCategory({ en: 'Kept by editors', es: 'Guardada por editores' })
    await expectForbidden(
      await as(author, `/api/categories/${id}?locale=en`, {
        method: 'PATCH',
        body: JSON.stringify({ title: 'Renamed by an author' }),
      }),
    )
    await expectForbidden(await as(author, `/api/categories/${id}`, { method: 'DELETE' }))
    const kept = await asAdminJson<{ title: string }>(`/api/categories/${id}?locale=en`)
    expect(kept.title).toBe('Kept by editors')
    // Editors still manage them.
    const renamed = await as(editor, `/api/categories/${id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'Renamed by an editor' }),
    })
    expect(renamed.status).toBe(200)
  })

  it('uploads images and describes them until they are public, but never deletes one', async () => {
    const form = new FormData()
    const png = await noisyPng(900, 500)
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'author.png')
    form.append('_payload', JSON.stringify({ alt: 'First words' }))
    const uploaded = await as(author, '/api/media', { method: 'POST', body: form })
    expect(uploaded.status).toBe(201)
    const { doc } = (await uploaded.json()) as { doc: { id: number } }

    const described = await as(author, `/api/media/${doc.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ alt: 'A better description' }),
    })
    expect(described.status).toBe(200)
    await expectForbidden(await as(author, `/api/media/${doc.id}`, { method: 'DELETE' }))

    // Once a published document shows it, its alt text is public: an editor's to change.
    await createDocumentUsing(doc.id, 'coverImage', { status: 'published' })
    const refused = await as(author, `/api/media/${doc.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ alt: 'Changed in public' }),
    })
    expect(refused.status).toBe(403)
    const media = await asAdminJson<{ alt: string }>(`/api/media/${doc.id}?locale=en`)
    expect(media.alt).toBe('A better description')
    const byEditor = await as(editor, `/api/media/${doc.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ alt: 'Edited by an editor' }),
    })
    expect(byEditor.status).toBe(200)
  })

  it('cannot change site settings or redirects, which are public once saved', async () => {
    await expectForbidden(
      await as(author, '/api/globals/home?locale=es', {
        method: 'POST',
        body: JSON.stringify({ hero: { heading: 'Cambiado por un autor' } }),
      }),
    )
    await expectForbidden(
      await as(author, '/api/globals/site-settings?locale=en&draft=true', {
        method: 'POST',
        body: JSON.stringify({ tagline: 'A draft tagline by an author' }),
      }),
    )
    const home = await asAdminJson<{ hero?: { heading?: string } }>('/api/globals/home?locale=es')
    expect(home.hero?.heading).not.toBe('Cambiado por un autor')
    await expectForbidden(
      await as(author, '/api/redirects', {
        method: 'POST',
        body: JSON.stringify({ from: `/en/blog/${uniqueSlug('gone')}`, to: '/en/blog' }),
      }),
    )
    // They still read them, as the admin's forms need.
    expect((await as(author, '/api/globals/home?locale=en')).status).toBe(200)
  })

  it('cannot give themselves another role', async () => {
    const response = await as(author, `/api/users/${author.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ roles: ['admin'] }),
    })
    expect(response.status).toBeLessThan(500)
    const me = await asAdminJson<{ roles: string[] }>(`/api/users/${author.id}`)
    expect(me.roles).toEqual(['author'])
  })
})

describe('versions record who saved them', () => {
  it('each version names the account that saved it', async () => {
    const id = await authorsDraft()
    await as(editor, `/api/posts/${id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'published' }),
    })
    // What a caller sends as updatedBy is ignored: the server stamps the signed-in account.
    await as(author, `/api/posts/${id}?locale=en&draft=true`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'Author again', _status: 'draft', updatedBy: editor.id }),
    })
    const { docs } = await asAdminJson<{
      docs: { version: { updatedBy: number | { id: number }; _status: string } }[]
    }>(`/api/posts/versions?where[parent][equals]=${id}&sort=createdAt&depth=0&limit=10`)
    const savers = docs.map(({ version }) =>
      typeof version.updatedBy === 'object' ? version.updatedBy.id : version.updatedBy,
    )
    expect(savers).toEqual([author.id, editor.id, author.id])
  })

  it('is never shown to anonymous callers', async () => {
    const id = await authorsDraft()
    await as(editor, `/api/posts/${id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'published' }),
    })
    const signedIn = await asAdmin(`/api/posts/${id}?depth=0`)
    expect(((await signedIn.json()) as { updatedBy?: unknown }).updatedBy).toBe(editor.id)
    const anonymous = await fetch(`${baseUrl()}/api/posts/${id}`)
    expect(anonymous.status).toBe(200)
    const text = await anonymous.text()
    expect(text).not.toContain('updatedBy')
    expect(text).not.toContain(editor.email)
  })
})
