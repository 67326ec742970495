import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { uniqueSlug } from '../support/factories'
import { poll } from '../support/poll'
import { postBody, startReplicatedApp, type ReplicatedApp } from '../support/replicated-app'

/**
 * An instance reading through a real streaming replica must never keep what a change replaced:
 * the standby's replay is paused, a post is renamed, unpublished and published again through
 * the app, its URLs are read while the standby still has the old rows, then replay resumes.
 * Every URL must show the change soon after, and keep showing it: a copy rendered from the
 * lagging standby and kept in a cache (the response cache, the site settings every
 * page and twin shows) would stay until the next change.
 */
let site: ReplicatedApp

/** Payload reads from the primary for 2 s after this instance writes (its read-after-write window). */
const PRIMARY_READS_AFTER_WRITE_MS = 2_500
const CATCH_UP_WITHIN_MS = 10_000
const READS_WHILE_PAUSED = 3
const CACHED_AGAIN_WITHIN_MS = 5_000

beforeAll(async () => {
  site = await startReplicatedApp(`replica-pair-${process.env.TEST_RUN_ID ?? 'main'}`)
})

afterAll(async () => {
  await site?.postgres.resumeReplay().catch(() => {})
  await site?.stop()
})

type Expected = { published: true; title: string } | { published: false }

interface Answer {
  status: number
  cache: string | null
  text: string
}

interface Surface {
  path: string
  shows: (answer: Answer, expected: Expected) => boolean
}

function surfacesOf(id: number, slug: string): Surface[] {
  const json = (answer: Answer) => JSON.parse(answer.text) as Record<string, unknown>
  const page = (answer: Answer, expected: Expected) =>
    expected.published
      ? answer.status === 200 && answer.text.includes(expected.title)
      : answer.status === 404
  return [
    {
      path: `/api/posts?where[slug][equals]=${slug}&locale=en`,
      shows: (answer, expected) => {
        const docs = json(answer).docs as { title: string }[]
        return expected.published
          ? docs.length === 1 && docs[0]!.title === expected.title
          : docs.length === 0
      },
    },
    {
      path: `/api/posts/${id}?locale=en`,
      shows: (answer, expected) =>
        expected.published
          ? answer.status === 200 && json(answer).title === expected.title
          : answer.status === 404,
    },
    { path: `/en/blog/${slug}`, shows: page },
    { path: `/en/blog/${slug}.md`, shows: page },
    {
      path: '/llms.txt',
      shows: (answer, expected) =>
        expected.published ? answer.text.includes(expected.title) : !answer.text.includes(slug),
    },
  ]
}

async function read(path: string): Promise<Answer> {
  const response = await fetch(`${site.app.url}${path}`)
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    text: await response.text(),
  }
}

/** Polls until every surface shows `expected`; fails naming the ones that didn't in time. */
async function untilAllShow(surfaces: Surface[], expected: Expected): Promise<void> {
  let behind = surfaces
  await poll(
    'every surface',
    async () => {
      const answers = await Promise.all(behind.map((surface) => read(surface.path)))
      behind = behind.filter((surface, index) => !surface.shows(answers[index]!, expected))
      return behind.length === 0 ? true : undefined
    },
    {
      withinMs: CATCH_UP_WITHIN_MS,
      everyMs: 100,
      timeout: () =>
        `still not showing ${JSON.stringify(expected)} ${CATCH_UP_WITHIN_MS} ms after the standby resumed: ${behind
          .map((surface) => surface.path)
          .join(', ')}`,
    },
  )
}

/**
 * Every surface shows `expected` on every read from now on, and is soon answered from the cache
 * again (within one poll of the standby's replay position).
 */
async function keepShowing(surfaces: Surface[], expected: Expected): Promise<void> {
  for (const surface of surfaces) {
    let reads = 0
    await poll(
      `${surface.path} cached again`,
      async () => {
        reads += 1
        const answer = await read(surface.path)
        expect(surface.shows(answer, expected), surface.path).toBe(true)
        // Only 200s are stored.
        const settled = answer.status !== 200 || answer.cache === 'HIT'
        return settled && reads >= 3 ? true : undefined
      },
      {
        withinMs: CACHED_AGAIN_WITHIN_MS,
        everyMs: 50,
        timeout: `${surface.path} not cached again in time`,
      },
    )
  }
}

async function change(id: number, body: Record<string, unknown>): Promise<void> {
  const response = await site.asAdmin(`/api/posts/${id}?locale=en`, {
    method: 'PATCH',
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`PATCH post ${id}: ${response.status} ${await response.text()}`)
}

describe('read replicas and the caches', () => {
  it('never keeps what a change replaced while the standby lags, and shows the change once it catches up', async () => {
    const slug = uniqueSlug('replica-lag')
    const firstTitle = `Before ${slug}`
    const created = await site.asAdmin('/api/posts?locale=en', {
      method: 'POST',
      body: JSON.stringify(postBody(slug, firstTitle, 'published')),
    })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: number } }
    const surfaces = surfacesOf(doc.id, slug)
    let shown: Expected = { published: true, title: firstTitle }
    await untilAllShow(surfaces, shown)
    await keepShowing(surfaces, shown)

    const renamed = `After ${slug}`
    const changes: { body: Record<string, unknown>; expected: Expected }[] = [
      { body: { title: renamed }, expected: { published: true, title: renamed } },
      { body: { _status: 'draft' }, expected: { published: false } },
      { body: { _status: 'published' }, expected: { published: true, title: renamed } },
    ]
    for (const { body, expected } of changes) {
      const before = shown
      await site.postgres.pauseReplay()
      await change(doc.id, body)
      // Past the window in which this instance reads its own writes from the primary, reads go to
      // the paused standby, which still has the rows from before the change.
      await new Promise((resolve) => setTimeout(resolve, PRIMARY_READS_AFTER_WRITE_MS))
      let staleAnswers = 0
      for (let round = 0; round < READS_WHILE_PAUSED; round += 1) {
        for (const surface of surfaces) {
          const answer = await read(surface.path)
          if (surface.shows(answer, expected)) continue
          staleAnswers += 1
          expect(surface.shows(answer, before), `${surface.path} while paused`).toBe(true)
          // Rendered from the lagging standby it may be; kept, it must not be.
          expect(answer.cache, `${surface.path} served stale from the cache`).not.toBe('HIT')
        }
      }
      // The standby really was read, and really was behind: otherwise this proves nothing.
      expect(staleAnswers).toBeGreaterThan(0)

      await site.postgres.resumeReplay()
      await untilAllShow(surfaces, expected)
      await keepShowing(surfaces, expected)
      shown = expected
    }
  }, 120_000)
})
