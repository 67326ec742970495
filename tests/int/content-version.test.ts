import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { asAdmin, asAdminJson } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import { poll, POLL_WITHIN_MS } from '../support/poll'
import {
  afterTheNewest,
  createCategory,
  createDocument,
  createImage,
  uniqueSlug,
  type CreatedDocument,
} from '../support/factories'

/**
 * One content version, keyed by dependency: an instance of its own (its caches start empty) hears
 * the changes written through the shared instance, and after each one every page, twin, list,
 * feed and API answer that shows what changed is fresh, while what does not show it stays cached.
 */
let app: AppServer
let post: CreatedDocument
let other: CreatedDocument
let caseStudy: CreatedDocument
let categoryId: number
let imageId: number
const CATEGORY = `Category${Date.now().toString(36)}`
const ALT = `Alt${Date.now().toString(36)}`

const FRESH_WITHIN_MS = POLL_WITHIN_MS

beforeAll(async () => {
  categoryId = await createCategory({ en: CATEGORY, es: `${CATEGORY}Es` })
  ;({ id: imageId } = await createImage(ALT))
  post = await createDocument('posts', {
    status: 'published',
    slug: uniqueSlug('version-post'),
    title: { en: `Versioned ${Date.now().toString(36)}`, es: 'Versionado' },
    categories: [categoryId],
    coverImage: imageId,
    // Newest of all, whatever other suites publish meanwhile: the home page and the capped
    // lists show only the newest posts, and this one must stay among them.
    publishedAt: (await afterTheNewest('posts')).toISOString(),
  })
  other = await createDocument('posts', { status: 'published' })
  caseStudy = await createDocument('case-studies', { status: 'published' })
  app = await startApp(`content-version-${process.env.TEST_RUN_ID ?? 'main'}`, inject('appEnv'))
})

afterAll(async () => {
  await app?.stop()
})

interface Answer {
  status: number
  cache: string | null
  location: string | null
  text: string
}

async function read(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${app.url}${path}`, { redirect: 'manual', ...init })
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    location: response.headers.get('location'),
    text: await response.text(),
  }
}

/** Reads each path until this instance answers it from its cache. */
async function warm(paths: readonly string[]): Promise<void> {
  for (const path of paths)
    await poll(`${path} cached`, async () =>
      (await read(path)).cache === 'HIT' ? true : undefined,
    )
}

/** Polls until every check holds, naming those that never did. */
async function untilFresh(checks: Record<string, (answer: Answer) => boolean>): Promise<void> {
  let behind = Object.keys(checks)
  await poll(
    'every check',
    async () => {
      const answers = await Promise.all(behind.map((path) => read(path)))
      behind = behind.filter((path, index) => !checks[path]!(answers[index]!))
      return behind.length === 0 ? true : undefined
    },
    {
      withinMs: FRESH_WITHIN_MS,
      everyMs: 100,
      timeout: () => `still stale after ${FRESH_WITHIN_MS} ms: ${behind.join(', ')}`,
    },
  )
}

async function expectStillCached(paths: readonly string[]): Promise<void> {
  for (const path of paths) expect((await read(path)).cache, path).toBe('HIT')
}

async function patch(path: string, body: Record<string, unknown>): Promise<void> {
  const response = await asAdmin(path, { method: 'PATCH', body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`PATCH ${path}: ${response.status} ${await response.text()}`)
}

const shows = (text: string) => (answer: Answer) =>
  answer.status === 200 && answer.text.includes(text)
const lacks = (text: string) => (answer: Answer) =>
  answer.status === 200 && !answer.text.includes(text)
const gone = (answer: Answer) => answer.status === 404
const movedTo = (path: string) => (answer: Answer) =>
  answer.status === 301 && new URL(answer.location ?? '', app.url).pathname === path

/** Pages, twins, lists, feeds and API answers that show the post. */
function postSurfaces(slug: string) {
  return {
    page: `/en/blog/${slug}`,
    twin: `/es/blog/${slug}.md`,
    api: `/api/posts/${post.id}?locale=en`,
    lists: [
      '/en',
      '/en/blog',
      '/en/blog.md',
      '/api/posts?locale=en&limit=100',
      '/llms.txt',
      '/llms-full.txt',
      '/feeds/schema.jsonl',
      '/en/feed.xml',
      '/sitemap.xml',
    ],
  }
}

/** What shows no post at all, nor categories or media: kept across a post's changes. */
const unrelatedToPosts = () => [
  '/en/case-studies',
  `/en/case-studies/${caseStudy.slug}`,
  `/en/case-studies/${caseStudy.slug}.md`,
  `/api/case-studies/${caseStudy.id}`,
  '/api/case-studies?locale=en',
  `/api/posts/${other.id}?locale=en`,
  '/en/contact',
  '/robots.txt',
  '/openapi.json',
]

/** What shows neither categories nor media: kept across their changes. */
const unrelatedToCategoriesAndMedia = () => [
  `/api/posts/${post.id}?depth=0`,
  `/api/posts/${other.id}?depth=0`,
  '/api/case-studies?depth=0',
  '/en/contact',
  '/index.md',
  '/robots.txt',
]

describe('one content version, keyed by dependency', () => {
  it('after a publish, shows the change everywhere it shows and keeps what it does not touch', async () => {
    const surfaces = postSurfaces(post.slug)
    await warm([surfaces.page, surfaces.twin, surfaces.api, ...surfaces.lists])
    await warm(unrelatedToPosts())
    const renamed = `Renamed ${uniqueSlug('title')}`
    await patch(`/api/posts/${post.id}?locale=en`, { title: renamed })
    await untilFresh({
      [surfaces.page]: shows(renamed),
      [surfaces.api]: (answer) =>
        answer.status === 200 && JSON.parse(answer.text).title === renamed,
      ...Object.fromEntries(
        surfaces.lists
          .filter((path) => path !== '/sitemap.xml')
          .map((path) => [path, shows(renamed)]),
      ),
    })
    await expectStillCached(unrelatedToPosts())
    post.title.en = renamed
  })

  it('after an unpublish and a publish, every surface follows', async () => {
    const surfaces = postSurfaces(post.slug)
    await warm([surfaces.page, surfaces.twin, surfaces.api, ...surfaces.lists])
    await warm(unrelatedToPosts())
    await patch(`/api/posts/${post.id}?locale=en`, { _status: 'draft' })
    await untilFresh({
      [surfaces.page]: gone,
      [surfaces.twin]: gone,
      [surfaces.api]: gone,
      ...Object.fromEntries(surfaces.lists.map((path) => [path, lacks(post.slug)])),
    })
    await expectStillCached(unrelatedToPosts())

    await warm(surfaces.lists)
    await patch(`/api/posts/${post.id}?locale=en`, { _status: 'published' })
    await untilFresh({
      [surfaces.page]: shows(post.title.en),
      [surfaces.twin]: shows(post.slug),
      [surfaces.api]: shows(post.title.en),
      ...Object.fromEntries(surfaces.lists.map((path) => [path, shows(post.slug)])),
    })
  })

  it('after a slug rename, the old address moves to the new one, which is listed', async () => {
    const before = postSurfaces(post.slug)
    await warm([before.page, before.twin, ...before.lists])
    await warm(unrelatedToPosts())
    const oldSlug = post.slug
    const slug = uniqueSlug('version-renamed')
    await patch(`/api/posts/${post.id}?locale=en`, { slug })
    post.slug = slug
    const after = postSurfaces(slug)
    // The excerpt still names the old slug (the factory wrote it there): links and fields don't.
    const linksOld = (text: string) =>
      text.includes(`/blog/${oldSlug}`) || text.includes(`"slug":"${oldSlug}"`)
    await untilFresh({
      [before.page]: movedTo(after.page),
      [before.twin]: movedTo(after.twin),
      [after.page]: shows(post.title.en),
      [after.twin]: shows(slug),
      [after.api]: (answer) => answer.status === 200 && JSON.parse(answer.text).slug === slug,
      ...Object.fromEntries(
        after.lists.map((path) => [
          path,
          (answer: Answer) => shows(slug)(answer) && !linksOld(answer.text),
        ]),
      ),
    })
    await expectStillCached(unrelatedToPosts())
  })

  it('after a category rename, every page, twin, feed and API answer showing it is fresh', async () => {
    const surfaces = postSurfaces(post.slug)
    const showing = [surfaces.page, surfaces.twin, surfaces.api, '/feeds/schema.jsonl']
    await warm(showing)
    await warm(unrelatedToCategoriesAndMedia())
    const renamed = `Recategorized${Date.now().toString(36)}`
    await patch(`/api/categories/${categoryId}?locale=en`, { title: renamed })
    await untilFresh({
      [surfaces.page]: shows(renamed),
      [surfaces.api]: shows(renamed),
      '/feeds/schema.jsonl': shows(renamed),
    })
    await patch(`/api/categories/${categoryId}?locale=es`, { title: `${renamed}Es` })
    await untilFresh({ [surfaces.twin]: shows(`${renamed}Es`) })
    await expectStillCached(unrelatedToCategoriesAndMedia())
  })

  it('after a media alt change, every page, twin and API answer showing the image is fresh', async () => {
    const surfaces = postSurfaces(post.slug)
    await warm([surfaces.page, surfaces.api, `/en/blog/${post.slug}.md`])
    await warm(unrelatedToCategoriesAndMedia())
    const alt = `Realt${Date.now().toString(36)}`
    await patch(`/api/media/${imageId}?locale=en`, { alt })
    await untilFresh({
      [surfaces.page]: shows(alt),
      [surfaces.api]: shows(alt),
      [`/en/blog/${post.slug}.md`]: shows(alt),
    })
    await expectStillCached(unrelatedToCategoriesAndMedia())
  })

  it("after an editor's write through this instance, the next read here is fresh", async () => {
    const api = `/api/posts/${post.id}?locale=en`
    await warm([api])
    await warm(unrelatedToPosts())
    const title = `Here ${uniqueSlug('title')}`
    const saved = await fetch(`${app.url}/api/posts/${post.id}?locale=en`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: inject('adminAuthorization') },
      body: JSON.stringify({ title }),
    })
    expect(saved.status).toBe(200)
    expect(JSON.parse((await read(api)).text).title).toBe(title)
    await expectStillCached(unrelatedToPosts())
    post.title.en = title
  })

  it('after a delete, the document is gone from every surface', async () => {
    const surfaces = postSurfaces(post.slug)
    await warm([surfaces.page, surfaces.twin, surfaces.api, ...surfaces.lists])
    await warm(unrelatedToPosts())
    await asAdminJson(`/api/posts/${post.id}`, { method: 'DELETE' })
    await untilFresh({
      [surfaces.page]: gone,
      [surfaces.twin]: gone,
      [surfaces.api]: gone,
      ...Object.fromEntries(surfaces.lists.map((path) => [path, lacks(post.slug)])),
    })
    await expectStillCached(unrelatedToPosts())
  })
})
