import { beforeAll, describe, expect, it } from 'vitest'

import { get } from '../support/api'
import { createCategory, createDocument, type CreatedDocument } from '../support/factories'

/**
 * The content API's anonymous reads and the documents' markdown twins are answered by the
 * project's server without Next.js's routing (src/content/in-process.ts,
 * src/markdown/in-process.ts); requests with a credential still go through Next.js to the same
 * handlers. A credential Payload does not recognise leaves the caller anonymous, so the same
 * read with and without one must give the same answer, whichever way each went.
 */

const NOT_A_KEY = { Authorization: 'users API-Key not-a-key-of-anyone' }

/** Headers that legitimately differ between the two ways, and why. */
const DIFFERING = new Set([
  'date',
  'x-request-id',
  'connection',
  'keep-alive',
  // Framing: a body sent whole declares its length; Next.js streams its answers chunked.
  'content-length',
  'transfer-encoding',
  // Only anonymous reads are kept by the response cache, which names and labels them.
  'etag',
  'x-cache',
  // Only what shared caches may keep (anonymous reads) carries surrogate keys.
  'surrogate-key',
  'cache-tag',
])

/**
 * Next.js adds its router's request headers to every route's Vary (no answer here varies on
 * them), and names Accept-Encoding only where its own compression looked at the answer; the
 * project's server names it on every answer it may compress (src/server/in-process.test.ts).
 */
const NOT_COMPARED_VARY = /^(rsc|next-router-[a-z-]+|accept-encoding)$/i

interface Answer {
  status: number
  headers: Record<string, string>
  body: string
}

async function answerOf(
  path: string,
  method: 'GET' | 'HEAD',
  headers: Record<string, string> = {},
): Promise<Answer> {
  // Uncompressed: only anonymous reads are kept by the response cache, which also compresses them.
  const response = await get(path, {
    method,
    headers: { 'Accept-Encoding': 'identity', ...headers },
  })
  const kept: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (DIFFERING.has(name)) return
    if (name === 'vary') {
      const tokens = value.split(',').map((token) => token.trim())
      kept.vary = tokens.filter((token) => !NOT_COMPARED_VARY.test(token)).join(', ')
      return
    }
    // A request with a credential may be the caller's own answer: never public in shared caches.
    kept[name] = name === 'cache-control' ? value.replace(/^private\b/, 'public') : value
  })
  return { status: response.status, headers: kept, body: await response.text() }
}

let post: CreatedDocument
let caseStudy: CreatedDocument
let category = 0

beforeAll(async () => {
  category = await createCategory({ en: 'In-process reads', es: 'Lecturas en proceso' })
  post = await createDocument('posts', { status: 'published', categories: [category] })
  caseStudy = await createDocument('case-studies', { status: 'published' })
})

function paths(): string[] {
  return [
    '/api/posts',
    '/api/posts?locale=es&limit=3&page=2&sort=title&depth=0',
    '/api/posts?select=title,slug&limit=2',
    `/api/posts?where[slug][equals]=${post.slug}&depth=2`,
    `/api/posts?category=in-process-reads&locale=es`,
    '/api/posts?page=100000',
    `/api/posts/${post.id}`,
    `/api/posts/${post.id}?locale=es&depth=2&select=title,categories`,
    `/api/posts/%3${String(post.id).slice(0, 1)}${String(post.id).slice(1)}`,
    '/api/case-studies?sort=-publishedAt&limit=1',
    `/api/case-studies/${caseStudy.id}?depth=0`,
    '/api/categories',
    `/api/categories/${category}?locale=es`,
    // What callers get wrong, and what is missing.
    '/api/posts/999999999',
    '/api/posts/not-an-id',
    '/api/posts?limit=1000',
    '/api/posts?sort=internalNotes',
    '/api/posts?where[internalNotes][equals]=x',
    '/api/posts/count',
    '/api/posts/versions',
    '/api/case-studies?depth=9',
  ]
}

/** Twins: their path, and the headers that ask for it. */
function twins(): [string, Record<string, string>][] {
  return [
    [`/en/blog/${post.slug}.md`, {}],
    [`/es/blog/${post.slug}.md`, {}],
    [`/en/case-studies/${caseStudy.slug}.md`, {}],
    [`/es/blog/${post.slug}`, { Accept: 'text/markdown' }],
    [`/en/case-studies/${caseStudy.slug}`, { Accept: 'text/markdown, text/html;q=0.5' }],
    [`/en/blog/${post.slug}.md?utm_source=agent`, {}],
    // No such document: the twin of the page that says so.
    ['/en/blog/no-such-post-anywhere.md', {}],
    ['/es/case-studies/no-such-case-study', { Accept: 'text/markdown' }],
  ]
}

describe('the content API answered in process', () => {
  it('answers every read shape as Next.js answers it, for GET and HEAD', async () => {
    for (const path of paths()) {
      for (const method of ['GET', 'HEAD'] as const) {
        const inProcess = await answerOf(path, method)
        const throughNext = await answerOf(path, method, NOT_A_KEY)
        expect(inProcess, `${method} ${path}`).toEqual(throughNext)
        if (method === 'HEAD') expect(inProcess.body, path).toBe('')
      }
    }
  })

  it('answers every document twin as Next.js answers it, with the same validator', async () => {
    for (const [path, headers] of twins()) {
      for (const method of ['GET', 'HEAD'] as const) {
        const inProcess = await answerOf(path, method, headers)
        const throughNext = await answerOf(path, method, { ...headers, ...NOT_A_KEY })
        expect(inProcess, `${method} ${path}`).toEqual(throughNext)
      }
    }
    const twin = `/en/blog/${post.slug}.md`
    const etag = (await get(twin, { headers: NOT_A_KEY })).headers.get('etag')
    expect(etag).toBeTruthy()
    // The same validator both ways: a client revalidating either answer is told nothing changed.
    for (const headers of [{}, NOT_A_KEY]) {
      const revalidated = await get(twin, { headers: { 'If-None-Match': etag!, ...headers } })
      expect(revalidated.status).toBe(304)
    }
  })

  it('answers an anonymous miss without Next.js: whole, with its length, no router Vary', async () => {
    // A document no one has read yet, so the response cache holds nothing for it.
    const fresh = await createDocument('posts', { status: 'published' })
    const response = await get(`/api/posts/${fresh.id}?locale=es`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-cache')).toBe('MISS')
    const body = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('content-length')).toBe(String(body.length))
    expect(response.headers.get('vary') ?? '').not.toMatch(/rsc|next-router/i)
    expect(JSON.parse(body.toString())).toMatchObject({ id: fresh.id, slug: fresh.slug })

    const twin = await get(`/en/blog/${fresh.slug}.md`)
    expect(twin.status).toBe(200)
    expect(twin.headers.get('x-cache')).toBe('MISS')
    expect(twin.headers.get('vary') ?? '').not.toMatch(/rsc|next-router/i)
    expect(await twin.text()).toContain(fresh.title.en)
  })
})
