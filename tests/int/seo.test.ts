import { beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { asAdmin, asAdminJson, baseUrl, get, getJson } from '../support/api'
import { afterTheNewest, createDocument, type CreatedDocument } from '../support/factories'

/**
 * "Hide from search engines": the page says noindex (and its twin X-Robots-Tag), the sitemap and
 * the agents' indexes leave it out; it stays reachable by URL and in the API. And the SEO
 * plugin's "generate" buttons fill the title and description from the document.
 */

let hidden: CreatedDocument
let shown: CreatedDocument

beforeAll(async () => {
  // Both the newest of all when made: llms.txt lists the newest posts only.
  hidden = await createDocument('posts', {
    status: 'published',
    title: { en: 'Hidden from engines', es: 'Oculto a buscadores' },
    publishedAt: (await afterTheNewest('posts')).toISOString(),
  })
  await asAdminJson(`/api/posts/${hidden.id}?locale=en`, {
    method: 'PATCH',
    body: JSON.stringify({ _status: 'published', meta: { noindex: true } }),
  })
  shown = await createDocument('posts', {
    status: 'published',
    title: { en: 'Shown to engines', es: 'Visible a buscadores' },
    publishedAt: (await afterTheNewest('posts')).toISOString(),
  })
}, 60_000)

const ROBOTS_NOINDEX = /<meta name="robots" content="noindex"\s*\/?>/

describe('a document hidden from search engines', () => {
  it.each(['en', 'es'] as const)('is still a page in %s, saying noindex', async (locale) => {
    const response = await get(paths.post(locale, hidden.slug))
    expect(response.status).toBe(200)
    expect(await response.text()).toMatch(ROBOTS_NOINDEX)
    const other = await (await get(paths.post(locale, shown.slug))).text()
    expect(other).not.toMatch(ROBOTS_NOINDEX)
  })

  it('has a twin that says X-Robots-Tag: noindex', async () => {
    const twin = await get(paths.twin(paths.post('en', hidden.slug)))
    expect(twin.status).toBe(200)
    expect(twin.headers.get('x-robots-tag')).toBe('noindex')
    const other = await get(paths.twin(paths.post('en', shown.slug)))
    expect(other.headers.get('x-robots-tag')).toBeNull()
  })

  /**
   * Whether each index has an entry of its own for the page (other documents may still link it,
   * as their related articles, since it stays published and listed).
   */
  const INDEXES: Record<string, (body: string, path: string) => boolean> = {
    '/sitemap.xml': (body, path) => body.includes(`<loc>${baseUrl()}${path}</loc>`),
    '/llms.txt': (body, path) => body.includes(`(${baseUrl()}${path}.md)`),
    '/llms-full.txt': (body, path) => body.includes(`\nurl: "${baseUrl()}${path}"\n`),
    '/feeds/schema.jsonl': (body, path) =>
      body
        .trim()
        .split('\n')
        .some((line) => (JSON.parse(line) as { url: string }).url === `${baseUrl()}${path}`),
  }

  it.each(Object.keys(INDEXES))('is left out of %s', async (index) => {
    const body = await (await get(index)).text()
    const hasEntry = INDEXES[index]!
    expect(hasEntry(body, paths.post('en', shown.slug))).toBe(true)
    expect(hasEntry(body, paths.post('en', hidden.slug))).toBe(false)
    expect(hasEntry(body, paths.post('es', hidden.slug))).toBe(false)
  })

  it('stays in the public API', async () => {
    const { status, body } = await getJson<{ meta: { noindex: boolean } }>(
      `/api/posts/${hidden.id}?locale=en`,
    )
    expect(status).toBe(200)
    expect(body.meta.noindex).toBe(true)
  })
})

describe('the SEO plugin', () => {
  it('generates the title and description from the document', async () => {
    const doc = {
      title: 'A'.repeat(50) + ' ' + 'B'.repeat(40),
      excerpt: '',
      content: {
        root: {
          children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Body text.' }] }],
        },
      },
    }
    const generate = async (what: 'title' | 'description') => {
      const response = await asAdmin(`/api/plugin-seo/generate-${what}`, {
        method: 'POST',
        body: JSON.stringify({ doc, collectionSlug: 'posts', locale: 'en' }),
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { result: string }).result
    }
    expect(await generate('title')).toBe(`${'A'.repeat(50)}…`)
    expect(await generate('description')).toBe('Body text.')
  })

  it('refuses anonymous callers', async () => {
    const response = await get('/api/plugin-seo/generate-title', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ doc: { title: 'x' }, collectionSlug: 'posts' }),
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
  })
})
