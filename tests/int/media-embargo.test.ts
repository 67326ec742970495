import { beforeAll, describe, expect, it } from 'vitest'

import { asAdmin, asAdminJson, get, getJson } from '../support/api'
import { saveUnpublishedEdit } from '../support/factories'
import {
  createDocumentUsing,
  createMedia,
  fileUrl,
  noisyPng,
  ownedFilenames,
  setStatus,
  type MediaDoc,
  type MediaUsage,
} from '../support/media'

type Envelope = { docs: { id: number }[]; totalDocs: number }

/** Status of every file of `doc` (original and sizes) for an anonymous caller. */
async function anonymousStatuses(doc: MediaDoc): Promise<number[]> {
  return Promise.all(ownedFilenames(doc).map(async (name) => (await get(fileUrl(name))).status))
}

async function listedAnonymously(id: number): Promise<boolean> {
  const { body } = await getJson<Envelope>(`/api/media?where[id][equals]=${id}`)
  return body.docs.some((doc) => doc.id === id)
}

describe('media embargo', () => {
  let photo: MediaDoc

  beforeAll(async () => {
    photo = await createMedia(await noisyPng(1600, 1000), 'unannounced-client.png', 'image/png')
  })

  it('has every size variant to test with', () => {
    expect(ownedFilenames(photo)).toHaveLength(7)
  })

  it('an unused file and its sizes are 404 for anonymous callers, and not cached', async () => {
    expect(await anonymousStatuses(photo)).toEqual([404, 404, 404, 404, 404, 404, 404])
    const response = await get(fileUrl(photo.filename))
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found')
  })

  it('signed-in editors can fetch every file, privately', async () => {
    for (const name of ownedFilenames(photo)) {
      const response = await asAdmin(fileUrl(name))
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store, no-transform')
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0)
    }
  })

  it('its record is hidden from the anonymous REST API too', async () => {
    expect(await listedAnonymously(photo.id)).toBe(false)
    expect([403, 404]).toContain((await get(`/api/media/${photo.id}`)).status)
    const { body } = await getJson<Envelope>('/api/media?limit=100')
    expect(body.docs.map((doc) => doc.id)).not.toContain(photo.id)
    expect((await asAdmin(`/api/media/${photo.id}`)).status).toBe(200)
  })

  it('a draft that uses it does not lift the embargo; publishing it does, and unpublishing restores it', async () => {
    const post = await createDocumentUsing(photo.id, 'coverImage', { status: 'draft' })
    expect(await anonymousStatuses(photo)).toEqual([404, 404, 404, 404, 404, 404, 404])
    expect(await listedAnonymously(photo.id)).toBe(false)

    await setStatus('posts', post.id, 'published')
    expect(await anonymousStatuses(photo)).toEqual([200, 200, 200, 200, 200, 200, 200])
    expect(await listedAnonymously(photo.id)).toBe(true)
    const response = await get(fileUrl(photo.filename))
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable, no-transform',
    )
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range')

    await setStatus('posts', post.id, 'draft')
    expect(await anonymousStatuses(photo)).toEqual([404, 404, 404, 404, 404, 404, 404])
  })

  it("a published post's populated cover image is visible to anonymous callers", async () => {
    const cover = await createMedia(await noisyPng(900, 500), 'cover.png', 'image/png')
    const post = await createDocumentUsing(cover.id, 'coverImage', { status: 'published' })
    const { status, body } = await getJson<{ coverImage: { id: number; url: string } }>(
      `/api/posts/${post.id}?depth=1`,
    )
    expect(status).toBe(200)
    expect(body.coverImage).toMatchObject({ id: cover.id, filename: cover.filename })
    expect((await get(new URL(body.coverImage.url).pathname)).status).toBe(200)
  })

  it.each<[MediaUsage, 'posts' | 'case-studies']>([
    ['coverImage', 'case-studies'],
    ['meta.image', 'posts'],
    ['meta.image', 'case-studies'],
    ['content', 'posts'],
    ['content', 'case-studies'],
  ])('%s of a published %s makes a file public', async (usage, collection) => {
    const doc = await createMedia(await noisyPng(800, 450), `${usage}.png`, 'image/png')
    await createDocumentUsing(doc.id, usage, { status: 'draft', collection })
    expect((await get(fileUrl(doc.filename))).status).toBe(404)
    await createDocumentUsing(doc.id, usage, { status: 'published', collection })
    expect((await get(fileUrl(doc.filename))).status).toBe(200)
  })

  it('an unpublished edit of a published post does not publish its new cover', async () => {
    // Covers are at least card-wide (COVER_MIN_WIDTH).
    const before = await createMedia(await noisyPng(800, 450), 'old-cover.png', 'image/png')
    const after = await createMedia(await noisyPng(800, 450), 'new-cover.png', 'image/png')
    const post = await createDocumentUsing(before.id, 'coverImage', { status: 'published' })
    await saveUnpublishedEdit('posts', post.id, { coverImage: after.id })
    // The editor sees the draft with its new cover...
    const draft = await asAdminJson<{ coverImage: number }>(
      `/api/posts/${post.id}?draft=true&depth=0`,
    )
    expect(draft.coverImage).toBe(after.id)
    // ...the public does not, until it is published.
    expect((await get(fileUrl(after.filename))).status).toBe(404)
    expect((await get(fileUrl(before.filename))).status).toBe(200)
    await setStatus('posts', post.id, 'published')
    expect((await get(fileUrl(after.filename))).status).toBe(200)
  })
  it('publishing a new cover returns the old one to the embargo', async () => {
    const before = await createMedia(await noisyPng(800, 450), 'replaced-cover.png', 'image/png')
    const after = await createMedia(await noisyPng(800, 450), 'replacing-cover.png', 'image/png')
    const post = await createDocumentUsing(before.id, 'coverImage', { status: 'published' })
    expect((await get(fileUrl(before.filename))).status).toBe(200)
    await asAdminJson(`/api/posts/${post.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ coverImage: after.id, _status: 'published' }),
    })
    expect((await get(fileUrl(after.filename))).status).toBe(200)
    expect((await get(fileUrl(before.filename))).status).toBe(404)
  })

  it('a file two published documents use stays public until neither does', async () => {
    const shared = await createMedia(await noisyPng(800, 450), 'shared.png', 'image/png')
    const post = await createDocumentUsing(shared.id, 'coverImage', { status: 'published' })
    const caseStudy = await createDocumentUsing(shared.id, 'content', {
      status: 'published',
      collection: 'case-studies',
    })
    await setStatus('posts', post.id, 'draft')
    expect((await get(fileUrl(shared.filename))).status).toBe(200)
    await asAdmin(`/api/case-studies/${caseStudy.id}`, { method: 'DELETE' })
    expect((await get(fileUrl(shared.filename))).status).toBe(404)
    expect(await listedAnonymously(shared.id)).toBe(false)
  })
})
