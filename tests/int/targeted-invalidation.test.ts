import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { asAdminJson } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import { comparableBody } from '../support/comparable-body'
import {
  afterTheNewest,
  createCategory,
  createDocument,
  uniqueSlug,
  type CreatedDocument,
} from '../support/factories'
import { readUntil } from '../support/poll'

/**
 * A publish drops only what it changes. Two instances of the production build share the
 * database: one with the response cache, one without (what every URL answers now). URLs are
 * warmed in the cache, a change is published through the API as an editor would, and then every
 * warmed URL whose bytes changed (as the instance without a cache answers it) must be served
 * fresh by the cached instance within seconds, and every document's page, twin or API answer
 * whose bytes did not change must still be served from the cache — not rendered again. So must
 * the home page and the blog's pages, which report the posts they show and depend on which posts
 * are listed in what order: an edit of a post they do not show keeps them. API lists, feeds, the
 * sitemap and llms.txt depend on their collections' lists as a whole (src/cache/policy.ts): they
 * may be rendered again, but must be fresh too.
 *
 * Two categories of four posts each: a post's related posts (src/site/related.ts) are the other
 * three of its category, so no other suite's posts appear among them.
 */
let cached: AppServer
let uncached: AppServer
let first: { category: number; posts: CreatedDocument[] }
let second: { category: number; posts: CreatedDocument[] }
let caseStudy: CreatedDocument
let extra: CreatedDocument | undefined
/** Posts a test unpublished: their pages are 404s, not kept. */
const unpublished = new Set<CreatedDocument>()

const FRESH_WITHIN_MS = 10_000

/** Posts newer than the two groups': the selection pages show these, never a group's post. */
const NEWER_POSTS = 6
/** The publication dates this file gives, a minute apart, each newer than the last. */
let lastDate = 0
const nextDate = () => new Date((lastDate += 60_000)).toISOString()

beforeAll(async () => {
  const env = inject('appEnv')
  const run = process.env.TEST_RUN_ID ?? 'main'
  // The groups' posts are dated after every post other files published, and six more after
  // them: so the home and the blog's first page (SELECTION_PAGES) show none of the groups'
  // posts, while llms.txt and the feeds (the newest 20 and 50) list all of them, in any order
  // of the files.
  lastDate = (await afterTheNewest('posts')).getTime()
  const group = async (name: string) => {
    const category = await createCategory({ en: `${name} topic`, es: `Tema ${name}` })
    const posts: CreatedDocument[] = []
    for (let index = 0; index < 4; index += 1)
      posts.push(
        await createDocument('posts', {
          status: 'published',
          slug: uniqueSlug(`targeted-${name}`),
          categories: [category],
          publishedAt: nextDate(),
        }),
      )
    return { category, posts }
  }
  first = await group('first')
  second = await group('second')
  for (let index = 0; index < NEWER_POSTS; index += 1)
    await createDocument('posts', {
      status: 'published',
      slug: uniqueSlug('targeted-newer'),
      publishedAt: nextDate(),
    })
  caseStudy = await createDocument('case-studies', { status: 'published' })
  ;[cached, uncached] = await Promise.all([
    startApp(`targeted-invalidation-cached-${run}`, env),
    startApp(`targeted-invalidation-uncached-${run}`, { ...env, RESPONSE_CACHE: 'off' }),
  ])
}, 240_000)

afterAll(async () => {
  await Promise.all([cached?.stop(), uncached?.stop()])
})

/** A document's own surfaces: its pages and their twins in both languages. */
function documentUrls(collection: 'posts' | 'case-studies', doc: CreatedDocument): string[] {
  const section = collection === 'posts' ? 'blog' : 'case-studies'
  return [
    `/en/${section}/${doc.slug}`,
    `/es/${section}/${doc.slug}`,
    `/en/${section}/${doc.slug}.md`,
    `/es/${section}/${doc.slug}.md`,
  ]
}

/** Posts still published. */
const livePosts = () =>
  [...first.posts, ...second.posts, ...(extra ? [extra] : [])].filter(
    (post) => !unpublished.has(post),
  )

/**
 * URLs that must be kept unless their bytes changed (or, for API answers, what they populate): a
 * document's pages and twins report what they show (src/site/shown.ts).
 */
function narrowUrls(): string[] {
  return [
    ...livePosts().flatMap((post) => [
      ...documentUrls('posts', post),
      `/api/posts/${post.id}?depth=0`,
    ]),
    ...documentUrls('case-studies', caseStudy),
    `/api/case-studies/${caseStudy.id}`,
    '/en/contact',
    ...SELECTION_PAGES,
  ]
}

/** Pages that show a selection of the posts: the newest three (home), six (the blog's first page). */
const SELECTION_PAGES = ['/en', '/es', '/en/blog']

/** A change that adds, removes or moves a post in the list may render the selections again. */
const selectionMayRender = (path: string) => SELECTION_PAGES.includes(path)

/** URLs that may be rendered again after any change to their lists (they must be fresh too). */
function broadUrls(): string[] {
  return [
    ...livePosts().map((post) => `/api/posts/${post.id}`),
    '/es.md',
    '/es/blog.md',
    '/en/case-studies',
    '/api/posts?limit=5',
    '/en/feed.xml',
    '/es/feed.xml',
    '/sitemap.xml',
    '/llms.txt',
  ]
}

interface Answer {
  status: number
  cache: string | null
  body: string
}

async function read(app: AppServer, path: string): Promise<Answer> {
  const response = await fetch(`${app.url}${path}`, { redirect: 'manual' })
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    body: `${response.status}\n${comparableBody(await response.text(), app.url)}`,
  }
}

/** Reads every URL from the cached instance until it answers from its cache. */
async function warm(paths: readonly string[]): Promise<Map<string, string>> {
  const before = new Map<string, string>()
  for (const path of paths) {
    const answer = await readUntil(
      () => read(cached, path),
      (reply) => reply.cache === 'HIT',
      { attempts: 6, everyMs: 0 },
    )
    expect(answer.cache, `${path} is not kept`).toBe('HIT')
    before.set(path, answer.body)
  }
  return before
}

async function freshWithin(path: string, ms: number): Promise<void> {
  const [now, served] = await readUntil(
    () => Promise.all([read(uncached, path), read(cached, path)]),
    ([fresh, kept]) => kept.body === fresh.body,
    { withinMs: ms, everyMs: 200 },
  )
  expect(served.body, `${path} still stale after ${ms} ms`).toBe(now.body)
}

/**
 * Warms every URL, publishes `change`, then checks every URL: changed → fresh within
 * FRESH_WITHIN_MS; unchanged and narrow (unless `mayRender` says otherwise) → still a hit.
 * Returns the URLs whose bytes changed.
 */
async function afterPublishing(
  change: () => Promise<void>,
  mayRender: (path: string) => boolean = () => false,
): Promise<string[]> {
  const narrow = narrowUrls()
  const broad = broadUrls()
  const before = await warm([...narrow, ...broad])
  await change()
  const changed: string[] = []
  for (const path of [...narrow, ...broad]) {
    const now = await read(uncached, path)
    if (now.body !== before.get(path)) changed.push(path)
  }
  // What changed first: once one of them is fresh, the publish's notifications have arrived.
  for (const path of changed) await freshWithin(path, FRESH_WITHIN_MS)
  for (const path of narrow) {
    if (changed.includes(path) || mayRender(path)) continue
    const answer = await read(cached, path)
    expect(answer.body, path).toBe(before.get(path))
    expect(answer.cache, `${path} was rendered again though nothing it shows changed`).toBe('HIT')
  }
  return changed
}

async function publish(
  collection: 'posts' | 'case-studies' | 'categories',
  id: number,
  locale: 'en' | 'es',
  data: Record<string, unknown>,
): Promise<void> {
  await asAdminJson(`/api/${collection}/${id}?locale=${locale}`, {
    method: 'PATCH',
    body: JSON.stringify(collection === 'categories' ? data : { _status: 'published', ...data }),
  })
}

describe('a publish', () => {
  it('refreshes a post’s pages, the related posts that show it and its lists, and nothing else', async () => {
    const post = first.posts[0]!
    const changed = await afterPublishing(async () => {
      await publish('posts', post.id, 'en', { title: `Renamed ${post.slug}` })
      await publish('posts', post.id, 'es', { title: `Renombrado ${post.slug}` })
    })
    for (const path of [
      ...documentUrls('posts', post),
      `/api/posts/${post.id}?depth=0`,
      // Its category's other posts show it among their related posts.
      ...first.posts.slice(1).flatMap((other) => documentUrls('posts', other)),
      '/es/feed.xml',
      '/llms.txt',
    ])
      expect(changed, path).toContain(path)
    // An older post: the home pages show the newest three, the blog's first page six.
    for (const path of [
      ...second.posts.flatMap((other) => documentUrls('posts', other)),
      ...documentUrls('case-studies', caseStudy),
      ...SELECTION_PAGES,
    ])
      expect(changed, path).not.toContain(path)
  }, 300_000)

  it('of a new post refreshes the pages of its category’s posts, not the others', async () => {
    // Other suites' posts may be newer: the home and blog pages show it or not (fresh either way).
    const changed = await afterPublishing(async () => {
      extra = await createDocument('posts', {
        status: 'published',
        slug: uniqueSlug('targeted-new'),
        categories: [first.category],
        // The newest of all: the first category's posts show it among their related posts.
        publishedAt: nextDate(),
      })
    }, selectionMayRender)
    for (const path of first.posts.flatMap((post) => documentUrls('posts', post)))
      expect(changed, path).toContain(path)
    for (const path of second.posts.flatMap((post) => documentUrls('posts', post)))
      expect(changed, path).not.toContain(path)
  }, 300_000)

  it('that unpublishes a post removes its pages and refreshes the pages that showed it', async () => {
    // The newest of the first category's original posts: every other post of it shows it.
    const gone = first.posts[3]!
    const changed = await afterPublishing(async () => {
      await asAdminJson(`/api/posts/${gone.id}?locale=en`, {
        method: 'PATCH',
        body: JSON.stringify({ _status: 'draft' }),
      })
    }, selectionMayRender)
    unpublished.add(gone)
    for (const path of documentUrls('posts', gone)) {
      expect(changed, path).toContain(path)
      expect((await read(cached, path)).status, path).toBe(404)
    }
    for (const post of [...first.posts, extra!].filter((each) => each !== gone))
      for (const path of documentUrls('posts', post)) expect(changed, path).toContain(path)
    for (const path of second.posts.flatMap((post) => documentUrls('posts', post)))
      expect(changed, path).not.toContain(path)
  }, 300_000)

  it('that renames a category refreshes the pages that show it and keeps the others', async () => {
    const changed = await afterPublishing(
      async () => {
        await publish('categories', second.category, 'en', { title: `Renamed ${Date.now()}` })
        await publish('categories', second.category, 'es', { title: `Renombrado ${Date.now()}` })
      },
      // An API answer populates its categories: it depends on every category (src/cache/policy.ts).
      (path) => path.startsWith('/api/'),
    )
    for (const path of second.posts.flatMap((post) => [
      `/en/blog/${post.slug}`,
      `/es/blog/${post.slug}`,
    ]))
      expect(changed, path).toContain(path)
    for (const path of [
      ...first.posts.flatMap((post) => [`/en/blog/${post.slug}`, `/es/blog/${post.slug}.md`]),
      ...documentUrls('case-studies', caseStudy),
    ])
      expect(changed, path).not.toContain(path)
  }, 300_000)

  it('that moves a post to another category refreshes the pages of both categories', async () => {
    // The newest post of the first category: every post of either category shows it afterwards
    // or showed it before, though no publication date changed.
    const moved = extra!
    const changed = await afterPublishing(
      () => publish('posts', moved.id, 'en', { categories: [second.category] }),
      selectionMayRender,
    )
    for (const post of [...first.posts, ...second.posts].filter((each) => !unpublished.has(each)))
      for (const path of documentUrls('posts', post)) expect(changed, path).toContain(path)
    for (const path of documentUrls('case-studies', caseStudy))
      expect(changed, path).not.toContain(path)
  }, 300_000)
})
