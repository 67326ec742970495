import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { freePort, startApp, type AppServer } from '../support/app-server'
import {
  afterTheNewest,
  createDocument,
  saveUnpublishedEdit,
  uniqueSlug,
  type CreatedDocument,
} from '../support/factories'
import { postInquiry, validInquiry } from '../support/inquiries'
import { poll } from '../support/poll'
import { startVarnish, type Varnish } from '../support/varnish'

/**
 * Debian's Varnish 7.1 with the xkey vmod, running the repository's VCL
 * (deploy/varnish/default.vcl), in front of two instances of the site on the shared database, both
 * told to purge it (CDN_PURGE_KIND=varnish). Varnish says what it did in `X-Shared-Cache` (HIT,
 * MISS, PASS), and `X-Varnish` names the request and, on a hit, the cached object that answered.
 */
let instances: AppServer[] = []
let varnish: Varnish

/** From a publish's response until Varnish no longer answers with what it replaced. */
const PURGED_WITHIN_MS = 2_000

/**
 * The documents the tests read, created before the instances start: the purges their creation
 * causes (each change's, 200 ms after it) would otherwise reach Varnish in the middle of a test.
 */
let fixtures: {
  /** The newest post, shown by every list and feed: the one published anew. */
  published: CreatedDocument
  /** Another post, and a case study, that the publish does not touch. */
  otherPost: CreatedDocument
  caseStudy: CreatedDocument
  personal: CreatedDocument
  drafted: CreatedDocument & { draftTitle: string }
  negotiated: CreatedDocument
}

/** A title of letters, digits and spaces (a page may set other characters differently). */
const titleOf = (prefix: string) => `${prefix} ${uniqueSlug('title').replaceAll('-', ' ')}`

beforeAll(async () => {
  const drafted = await createDocument('posts', { status: 'published' })
  const draftTitle = titleOf('DRAFT MARKER')
  await saveUnpublishedEdit('posts', drafted.id, { title: draftTitle })
  fixtures = {
    published: await createDocument('posts', {
      status: 'published',
      publishedAt: (await afterTheNewest('posts')).toISOString(),
      title: { en: titleOf('Before') },
    }),
    otherPost: await createDocument('posts', { status: 'published' }),
    caseStudy: await createDocument('case-studies', { status: 'published' }),
    personal: await createDocument('posts', { status: 'published' }),
    drafted: { ...drafted, draftTitle },
    negotiated: await createDocument('posts', { status: 'published' }),
  }
  const port = await freePort()
  const run = process.env.TEST_RUN_ID ?? 'main'
  const env = {
    ...inject('appEnv'),
    CDN_PURGE_KIND: 'varnish',
    VARNISH_PURGE_URLS: `http://127.0.0.1:${port}`,
  }
  instances = await Promise.all(
    ['a', 'b'].map((name) => startApp(`shared-cache-${name}-${run}`, env)),
  )
  varnish = await startVarnish(
    `varnish-${run}`,
    instances.map((instance) => ({ host: '127.0.0.1', port: instance.port })),
    { port },
  )
})

afterAll(async () => {
  await varnish?.stop()
  await Promise.all(instances.map((instance) => instance.stop()))
})

interface Answer {
  status: number
  /** HIT, MISS or PASS: what Varnish did. */
  shared: string | null
  /** The cached object that answered a hit (the second number of X-Varnish), else null. */
  object: string | null
  contentType: string
  headers: Headers
  text: string
}

async function through(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${varnish.url}${path}`, { headers, redirect: 'manual' })
  const ids = (response.headers.get('x-varnish') ?? '').split(' ')
  return {
    status: response.status,
    shared: response.headers.get('x-shared-cache'),
    object: ids[1] ?? null,
    contentType: response.headers.get('content-type') ?? '',
    headers: response.headers,
    text: await response.text(),
  }
}

/** Reads `path` through Varnish until it answers from its cache (and `holds`, when given). */
function cached(
  path: string,
  holds: (answer: Answer) => boolean = () => true,
  headers: Record<string, string> = {},
): Promise<Answer> {
  let last: Answer | undefined
  return poll(
    `${path} cached in Varnish`,
    async () => {
      last = await through(path, headers)
      return last.shared === 'HIT' && holds(last) ? last : undefined
    },
    {
      withinMs: 10_000,
      everyMs: 25,
      timeout: () =>
        `${path} not cached in Varnish within 10 s; last answer: ${last?.status} ` +
        `${last?.shared} cache-control ${last?.headers.get('cache-control')}, app ` +
        `${last?.headers.get('x-cache')}, X-Varnish ${last?.headers.get('x-varnish')}, age ` +
        `${last?.headers.get('age')}: ${/<title>[^<]*<\/title>/.exec(last?.text ?? '')?.[0] ?? last?.text.slice(0, 300)}`,
    },
  )
}

const asAdmin = (url: string, path: string, init: RequestInit = {}) =>
  fetch(`${url}${path}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      Authorization: inject('adminAuthorization'),
      ...init.headers,
    },
  })

describe('Varnish in front of two instances', () => {
  it('answers repeat reads itself, without the keys that were for it', async () => {
    // A page no document's change touches (the site settings alone), asked for the first time.
    const path = `/en/contact?utm_source=${uniqueSlug('first')}`
    const first = await through(path)
    expect(first.shared).toBe('MISS')
    expect(first.status).toBe(200)
    for (let repeat = 0; repeat < 3; repeat += 1) {
      const again = await through(path)
      expect(again.shared).toBe('HIT')
      expect(again.object).not.toBeNull()
      expect(again.text).toBe(first.text)
      for (const name of ['surrogate-key', 'cache-tag', 'xkey'])
        expect(again.headers.get(name), name).toBeNull()
    }
    // An instance gives the keys of what it shows; Varnish keeps them to itself.
    const post = fixtures.otherPost
    const direct = await fetch(`${instances[0]!.url}/api/posts/${post.id}`)
    expect(direct.headers.get('surrogate-key')?.split(' ')).toEqual(
      expect.arrayContaining(['all', `document.posts.${post.id}`]),
    )
    expect(direct.headers.get('cache-tag')).toBe(
      direct.headers.get('surrogate-key')!.replaceAll(' ', ','),
    )
    expect((await through('/en/contact')).headers.get('surrogate-key')).toBeNull()
  })

  it('drops exactly what a publish on one instance changed, within 2 s', async () => {
    const { published: post, otherPost: other, caseStudy: study } = fixtures
    const before = post.title.en
    const affected: { path: string; shows?: boolean }[] = [
      { path: `/en/blog/${post.slug}`, shows: true },
      { path: `/en/blog/${post.slug}.md`, shows: true },
      { path: `/api/posts/${post.id}`, shows: true },
      { path: '/api/posts', shows: true },
      { path: '/en/blog', shows: true },
      { path: '/en/feed.xml', shows: true },
      { path: '/llms.txt', shows: true },
      { path: '/sitemap.xml' },
    ]
    const unrelated = [
      `/en/case-studies/${study.slug}`,
      `/en/case-studies/${study.slug}.md`,
      `/api/case-studies/${study.id}`,
      `/api/posts/${other.id}`,
      '/en/contact',
      '/robots.txt',
    ]
    const warmed = new Map<string, string>()
    for (const { path, shows } of affected) {
      const answer = await cached(path, (a) => !shows || a.text.includes(before))
      warmed.set(path, answer.object!)
    }
    // Last, so that none of them reaches its s-maxage before the end of the test.
    for (const path of unrelated) warmed.set(path, (await cached(path)).object!)

    const after = titleOf('After')
    const published = await asAdmin(instances[0]!.url, `/api/posts/${post.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ title: after }),
    })
    expect(published.status).toBe(200)
    // Removed by then: the first request that found another object (or none) was sent by then.
    const started = performance.now()
    const removedAfter = new Map<string, number>()
    await poll(
      'every page, twin, list and feed that shows the post gone from Varnish',
      async () => {
        const waiting = affected.filter(({ path }) => !removedAfter.has(path))
        await Promise.all(
          waiting.map(async ({ path }) => {
            const sent = performance.now() - started
            const answer = await through(path)
            if (answer.shared !== 'HIT' || answer.object !== warmed.get(path))
              removedAfter.set(path, Math.round(sent))
          }),
        )
        return removedAfter.size === affected.length ? true : undefined
      },
      { withinMs: 10_000, everyMs: 25 },
    )
    const purgedMs = Math.max(...removedAfter.values())
    expect(purgedMs, JSON.stringify(Object.fromEntries(removedAfter))).toBeLessThanOrEqual(
      PURGED_WITHIN_MS,
    )
    // What replaced them shows the publish (the SEO title the first save derived keeps `before`).
    for (const { path, shows } of affected)
      if (shows) await cached(path, (answer) => answer.text.includes(after))
    // Time for a late purge to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, 300))
    for (const path of unrelated) {
      const answer = await through(path)
      expect(answer.shared, path).toBe('HIT')
      expect(answer.object, path).toBe(warmed.get(path))
    }
    console.log(`publish on one instance to purged from Varnish: ${purgedMs} ms`)
  })

  it('never stores what was asked with a cookie or credentials', async () => {
    const post = fixtures.personal
    const paths = [`/api/posts/${post.id}`, `/en/blog/${post.slug}`]
    for (const path of paths) {
      const personal: Record<string, string>[] = [
        { cookie: 'theme=dark' },
        { authorization: inject('adminAuthorization') },
      ]
      for (const headers of personal) {
        expect((await through(path, headers)).shared, path).toBe('PASS')
        expect((await through(path, headers)).shared, path).toBe('PASS')
      }
      // The first anonymous read finds nothing those left behind.
      expect((await through(path)).shared, path).toBe('MISS')
      expect((await through(path)).shared, path).toBe('HIT')
    }
  })

  it("never stores an editor's draft preview, and never shows it to anyone else", async () => {
    const { drafted: post } = fixtures
    const marker = post.draftTitle
    const page = `/en/blog/${post.slug}`
    const login = await fetch(`${varnish.url}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: 'admin@example.test',
        password: 'correct-horse-battery-staple',
      }),
    })
    expect(login.status).toBe(200)
    expect(login.headers.get('x-shared-cache')).toBe('PASS')
    const session = login.headers.get('set-cookie')!.split(';')[0]!
    const browser = { 'Sec-Fetch-Site': 'same-origin' }
    const enter = await fetch(`${varnish.url}/api/preview?path=${page}`, {
      headers: { Cookie: session, ...browser },
      redirect: 'manual',
    })
    expect(enter.status).toBe(307)
    const bypass = enter.headers.get('set-cookie')!.split(';')[0]!
    const preview = await through(page, { Cookie: `${session}; ${bypass}`, ...browser })
    expect(preview.shared).toBe('PASS')
    expect(preview.text).toContain(marker)
    const anonymous = await through(page)
    expect(anonymous.shared).toBe('MISS')
    expect(anonymous.text).not.toContain(marker)
    const again = await through(page)
    expect(again.shared).toBe('HIT')
    expect(again.text).not.toContain(marker)
  })

  it('never stores what the application answers with no-store', async () => {
    for (const path of [
      `/api/search?q=${uniqueSlug('nothing')}`,
      `/en/search?q=${uniqueSlug('nothing')}`,
      `/en/blog/${uniqueSlug('missing')}`,
      '/api/health',
    ]) {
      const first = await through(path)
      expect(first.headers.get('cache-control'), path).toContain('no-store')
      for (let attempt = 0; attempt < 3; attempt += 1)
        expect((await through(path)).shared, path).not.toBe('HIT')
    }
  })

  it('keeps the HTML and the markdown of one URL apart, whatever the Accept spelling', async () => {
    const post = fixtures.negotiated
    const page = `/en/blog/${post.slug}`
    const html = await through(page, { Accept: 'text/html' })
    expect(html.shared).toBe('MISS')
    expect(html.contentType).toMatch(/^text\/html/)
    const markdown = await through(page, { Accept: 'text/markdown' })
    expect(markdown.shared).toBe('MISS')
    expect(markdown.contentType).toMatch(/^text\/markdown/)
    const spellings = [
      'text/html',
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
      '*/*',
      'application/json',
      'text/markdown',
      'text/markdown, text/html;q=0.9',
      'text/markdown;charset=utf-8',
      'text/html;q=0.5, text/markdown;q=0.5',
      'text/markdown;q=0.5, text/html;q=0.5',
      'text/*;q=0.3, text/markdown;q=0.2',
      'text/markdown;q=0',
      'application/json, text/markdown;q=0.8',
      'text/plain, text/markdown;q=0.9, */*;q=0.1',
    ]
    for (const accept of spellings) {
      const direct = await fetch(`${instances[1]!.url}${page}`, { headers: { Accept: accept } })
      await direct.arrayBuffer()
      const shared = await through(page, { Accept: accept })
      // Two objects in Varnish, whatever the spelling: each answer is a hit on one of them, of
      // the type the application itself would have chosen.
      expect(shared.shared, accept).toBe('HIT')
      expect(shared.contentType.split(';')[0], accept).toBe(
        direct.headers.get('content-type')!.split(';')[0],
      )
      expect(shared.object, accept).toBe(
        shared.contentType.startsWith('text/markdown')
          ? (await through(page, { Accept: 'text/markdown' })).object
          : (await through(page, { Accept: 'text/html' })).object,
      )
    }
  })

  it('passes an inquiry POST through to the application', async () => {
    const inquiry = await postInquiry(validInquiry(), { baseUrl: varnish.url })
    expect(inquiry.status).toBe(201)
    expect(inquiry.headers.get('x-shared-cache')).toBe('PASS')
    expect(inquiry.body.success).toBe(true)
  })
})
