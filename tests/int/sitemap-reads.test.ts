import { beforeAll, describe, expect, it } from 'vitest'

import { LOCALES, type Locale } from '@/i18n/locales'

import { asAdminJson, baseUrl, get, getJson } from '../support/api'
import {
  createDocument,
  saveUnpublishedEdit,
  type PublicCollection,
} from '../support/factories'

/**
 * The sitemap reads its documents in SQL, below the Local API. What it lists must be what the
 * content API (the Local API with an anonymous reader's access) lists: every published document
 * translated into the locale and not hidden from search engines, with its last change — here
 * with a document of each kind the rule tells apart next to whatever else the database holds.
 */

const SECTIONS: Record<PublicCollection, string> = { posts: 'blog', 'case-studies': 'case-studies' }

type Listed = { slug: string; updatedAt: string; meta?: { noindex?: boolean | null } }

/** Every document the anonymous content API lists in `locale` that engines may index. */
async function listedByTheApi(collection: PublicCollection, locale: Locale) {
  const listed = new Map<string, string>()
  for (let page = 1; ; page += 1) {
    const { status, body } = await getJson<{ docs: Listed[]; hasNextPage: boolean }>(
      `/api/${collection}?locale=${locale}&where[title][exists]=true&limit=100&page=${page}` +
        '&depth=0&select[slug]=true&select[updatedAt]=true&select[meta]=true',
    )
    expect(status).toBe(200)
    for (const doc of body.docs) if (doc.meta?.noindex !== true) listed.set(doc.slug, doc.updatedAt)
    if (!body.hasNextPage) return listed
  }
}

/** The sitemap's document entries of `collection` in `locale`: slug → lastmod. */
function listedBySitemap(xml: string, collection: PublicCollection, locale: Locale) {
  const listed = new Map<string, string>()
  const prefix = `${baseUrl()}/${locale}/${SECTIONS[collection]}/`
  for (const [, entry] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>([^<]+)<\/loc>/.exec(entry!)?.[1] ?? ''
    if (!loc.startsWith(prefix) || loc.slice(prefix.length).includes('/')) continue
    listed.set(loc.slice(prefix.length), /<lastmod>([^<]+)<\/lastmod>/.exec(entry!)?.[1] ?? '')
  }
  return listed
}

beforeAll(async () => {
  for (const collection of ['posts', 'case-studies'] as const) {
    await createDocument(collection, { status: 'published' })
    await createDocument(collection, { status: 'draft' })
    await createDocument(collection, { status: 'published', title: { en: 'English only' } })
    const hidden = await createDocument(collection, { status: 'published' })
    await asAdminJson(`/api/${collection}/${hidden.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'published', meta: { noindex: true } }),
    })
    const edited = await createDocument(collection, { status: 'published' })
    await saveUnpublishedEdit(collection, edited.id, { slug: `${edited.slug}-unpublished` })
  }
}, 120_000)

describe('the sitemap lists what the content API lists', () => {
  it.each(
    (['posts', 'case-studies'] as const).flatMap((collection) =>
      LOCALES.map((locale) => [collection, locale] as const),
    ),
  )('%s in %s', async (collection, locale) => {
    const xml = await (await get('/sitemap.xml')).text()
    const bySitemap = listedBySitemap(xml, collection, locale)
    const byApi = await listedByTheApi(collection, locale)
    expect(byApi.size).toBeGreaterThan(1)
    expect([...bySitemap.keys()].sort()).toEqual([...byApi.keys()].sort())
    for (const [slug, updatedAt] of byApi) expect(bySitemap.get(slug), slug).toBe(updatedAt)
  })
})
