import { beforeAll, describe, expect, it } from 'vitest'

import { get } from '../support/api'
import { createCategory, createDocument, type CreatedDocument } from '../support/factories'

/**
 * The content API's anonymous reads are answered by the project's server without Next.js's
 * routing (src/content/in-process.ts); requests with a credential still go through Next.js to the
 * same handlers. A credential Payload does not recognise leaves the caller anonymous, so the same
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
])

/** Next.js adds its router's request headers to every route's Vary; JSON answers vary on none. */
const NEXT_ROUTER_VARY = /^(rsc|next-router-[a-z-]+)$/i

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
      kept.vary = tokens.filter((token) => !NEXT_ROUTER_VARY.test(token)).join(', ')
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
  })
})
