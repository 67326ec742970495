import { beforeAll, describe, expect, it } from 'vitest'

import { asAdminJson, get, getJson } from '../support/api'
import { createDocument, createImage } from '../support/factories'
import { createDocumentUsing } from '../support/media'

/**
 * What anonymous callers must not see or use: the storage plugin's bookkeeping on media records,
 * the internal twin route by its own path, and Payload's query language by another spelling.
 */

type ErrorBody = { error: { code: string; message: string; details?: { field: string }[] } }

const STORAGE_INTERNALS = ['prefix', '_objectKey']

/** Every key of every object in `value`, however deep. */
function keysIn(value: unknown): Set<string> {
  const keys = new Set<string>()
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit)
    else if (typeof node === 'object' && node !== null) {
      for (const [key, inner] of Object.entries(node)) {
        keys.add(key)
        visit(inner)
      }
    }
  }
  visit(value)
  return keys
}

function expectNoStorageInternals(body: unknown, where: string): void {
  const keys = keysIn(body)
  for (const name of STORAGE_INTERNALS) expect(keys.has(name), `${where}: ${name}`).toBe(false)
}

async function expectRefusedParameter(path: string, field: string): Promise<void> {
  const { status, body } = await getJson<ErrorBody>(path)
  expect(status, path).toBe(400)
  expect(body.error.code, path).toBe('invalid_parameter')
  expect(
    body.error.details?.map((detail) => detail.field),
    path,
  ).toContain(field)
}

let image: { id: number; filename: string }
let withCover: { id: number; slug: string }
let withUploadInBody: { id: number }

beforeAll(async () => {
  image = await createImage('Storage internals')
  withCover = await createDocument('posts', { status: 'published', coverImage: image.id })
  // Rich text holding an upload: Payload reads this document (and populates the file) itself.
  withUploadInBody = await createDocumentUsing(image.id, 'content', { status: 'published' })
})

describe('the storage plugin’s fields of a media record', () => {
  it('are not in an anonymous read of the record, alone or in a list', async () => {
    const one = await getJson<Record<string, unknown>>(`/api/media/${image.id}`)
    expect(one.status).toBe(200)
    expect(one.body.filename).toBe(image.filename)
    expectNoStorageInternals(one.body, `/api/media/${image.id}`)
    const list = await getJson<{ docs: unknown[] }>(`/api/media?where[id][equals]=${image.id}`)
    expect(list.body.docs).toHaveLength(1)
    expectNoStorageInternals(list.body, '/api/media list')
  })

  it('are not in a populated cover, read in SQL or by Payload', async () => {
    for (const path of [
      `/api/posts/${withCover.id}?depth=1`,
      `/api/posts/${withCover.id}?depth=1&locale=en`,
      `/api/posts?depth=1&where[slug][equals]=${withCover.slug}`,
      `/api/posts/${withUploadInBody.id}?depth=1&locale=en`,
    ]) {
      const { status, body } = await getJson(path)
      expect(status, path).toBe(200)
      expectNoStorageInternals(body, path)
    }
    const { body } = await getJson<{ coverImage: { id: number; url: string } }>(
      `/api/posts/${withCover.id}?depth=1&locale=en`,
    )
    expect(body.coverImage).toMatchObject({ id: image.id, url: expect.any(String) })
  })

  it('cannot be filtered on anonymously', async () => {
    await expectRefusedParameter('/api/media?where[prefix][equals]=', 'where[prefix][equals]')
  })

  it('are still read by signed-in staff', async () => {
    const doc = await asAdminJson<Record<string, unknown>>(`/api/media/${image.id}`)
    expect(Object.keys(doc)).toContain('prefix')
  })
})

describe('the twin route asked for by its own path', () => {
  it.each([
    '/markdown-twin',
    '/markdown-twin/en/contact',
    '/markdown-twin/en/contact?twin-form=suffix',
    '/markdown-twin/es/blog',
  ])('%s is a 404, however it asks', async (path) => {
    for (const accept of ['text/html', 'text/markdown']) {
      const response = await get(path, { headers: { Accept: accept } })
      expect(response.status, `${path} (${accept})`).toBe(404)
      const body = await response.text()
      expect(body, path).not.toMatch(/^---/)
      expect((await get(path, { method: 'HEAD' })).status).toBe(404)
    }
  })

  it('while the twins it serves still answer', async () => {
    const twin = await get('/en/contact.md')
    expect(twin.status).toBe(200)
    expect(twin.headers.get('content-type')).toMatch(/^text\/markdown/)
    const negotiated = await get('/en/contact', { headers: { Accept: 'text/markdown' } })
    expect(negotiated.status).toBe(200)
    expect(await negotiated.text()).toBe(await twin.text())
  })
})

describe('Payload’s query language, however an anonymous caller spells it', () => {
  it.each([
    ['/api/media?[where][filename][like]=x', 'where[filename][like]'],
    ['/api/media?%5Bwhere%5D%5Bfilename%5D%5Blike%5D=x', 'where[filename][like]'],
    ['/api/media?[where][or][0][alt][like]=x', 'where[or][0][alt][like]'],
    ['/api/media?where={"filename":{"like":"x"}}', 'where'],
    ['/api/media?[limit]=-1', 'limit'],
    ['/api/media?limit[]=5', 'limit'],
    ['/api/media?pagination=false', 'pagination'],
    ['/api/media/count?[where][filename][like]=x', 'where[filename][like]'],
    ['/api/posts?[where][title][like]=x', 'where[title][like]'],
    ['/api/case-studies?[where][_status][equals]=draft', 'where[_status][equals]'],
    ['/api/categories?[where][title][like]=x', 'where[title][like]'],
    [`/api/posts/1?[where][title][like]=x`, 'where[title][like]'],
  ])('%s is refused, naming %s', async (path, field) => {
    await expectRefusedParameter(path, field)
  })

  it('applies a filter by id however it is spelled', async () => {
    const { status, body } = await getJson<{ docs: { id: number }[] }>(
      `/api/media?[where][id][in][]=${image.id}&limit=1`,
    )
    expect(status).toBe(200)
    expect(body.docs.map((doc) => doc.id)).toEqual([image.id])
  })
})

describe('select, as openapi-fetch sends it', () => {
  it('reads select=a&select=b as select=a,b', async () => {
    const base = `/api/posts?locale=en&where[slug][equals]=${withCover.slug}`
    const repeated = await getJson<{ docs: Record<string, unknown>[] }>(
      `${base}&select=title&select=slug`,
    )
    const commas = await getJson<{ docs: Record<string, unknown>[] }>(`${base}&select=title,slug`)
    expect(repeated.status).toBe(200)
    expect(repeated.body.docs).toHaveLength(1)
    expect(Object.keys(repeated.body.docs[0]!).sort()).toEqual(['id', 'slug', 'title'])
    expect(repeated.body).toEqual(commas.body)
    const one = await getJson<Record<string, unknown>>(
      `/api/posts/${withCover.id}?locale=en&select=title&select=slug`,
    )
    expect(Object.keys(one.body).sort()).toEqual(['id', 'slug', 'title'])
  })

  it('names unknown fields in either form', async () => {
    await expectRefusedParameter('/api/posts?select=title&select=internalNotes', 'select')
  })
})
