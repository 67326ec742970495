import { beforeAll, describe, expect, it } from 'vitest'

import { LOCALES, type Locale } from '@/i18n/locales'

import { asAdminJson, baseUrl, get } from '../support/api'
import { createDocument, saveUnpublishedEdit, type PublicCollection } from '../support/factories'

/**
 * The sitemap reads its documents in SQL, below the Local API. What it lists must be what the
 * Local API lists under the same rule — published, translated into the locale (its title there
 * is set), not hidden from search engines — here with a document of each kind the rule tells
 * apart next to whatever else the database holds. Payload's own REST API, as an editor, runs the
 * Local API's query as it is written.
 */

const SECTIONS: Record<PublicCollection, string> = { posts: 'blog', 'case-studies': 'case-studies' }

type Listed = { slug: string; updatedAt: string; meta?: { noindex?: boolean | null } }

/** Every published document the Local API finds translated into `locale`, engines may index. */
async function listedByTheLocalApi(collection: PublicCollection, locale: Locale) {
  const { docs } = await asAdminJson<{ docs: Listed[] }>(
    `/api/${collection}?locale=${locale}&depth=0&pagination=false` +
      '&where[and][0][_status][equals]=published&where[and][1][title][exists]=true' +
      '&select[slug]=true&select[updatedAt]=true&select[meta][noindex]=true',
  )
  return new Map(
    docs.filter((doc) => doc.meta?.noindex !== true).map((doc) => [doc.slug, doc.updatedAt]),
  )
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
    const byApi = await listedByTheLocalApi(collection, locale)
    expect(byApi.size).toBeGreaterThan(1)
    expect([...bySitemap.keys()].sort()).toEqual([...byApi.keys()].sort())
    for (const [slug, updatedAt] of byApi) expect(bySitemap.get(slug), slug).toBe(updatedAt)
  })
})
