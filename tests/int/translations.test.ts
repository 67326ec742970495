import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { asAdminJson, get, getJson } from '../support/api'
import { afterTheNewest, createCategory, uniqueSlug } from '../support/factories'
import { createWithText, nonce } from '../support/search-content'
import {
  closeSurfaceClients,
  LOCALE_SURFACES,
  type SurfaceDocument,
} from '../support/translation-surfaces'

/**
 * A document published in English and never translated is absent from every Spanish surface of
 * the site (one list of them: tests/support/translation-surfaces.ts), has no hreflang to Spanish
 * and no language-switcher link; the public API keeps its locale fallback.
 */

let untranslatedPost: SurfaceDocument & { id: number }
let untranslatedStudy: SurfaceDocument & { id: number }
let translatedPost: SurfaceDocument & { id: number }

async function inCategory(collection: 'posts', id: number, category: number) {
  await asAdminJson(`/api/${collection}/${id}?locale=en`, {
    method: 'PATCH',
    body: JSON.stringify({ categories: [category] }),
  })
}

beforeAll(async () => {
  const categorySlug = uniqueSlug('translations')
  const category = await createCategory({ en: categorySlug, es: categorySlug })
  const { slug: categoryPath } = await asAdminJson<{ slug: string }>(
    `/api/categories/${category}?locale=en`,
  )

  const words = { untranslatedPost: nonce(), untranslatedStudy: nonce(), translatedPost: nonce() }
  // Each the newest of all when made: llms.txt and the feeds show the newest documents only.
  const newest = async (collection: 'posts' | 'case-studies') => ({
    publishedAt: (await afterTheNewest(collection)).toISOString(),
  })
  const post = await createWithText(
    'posts',
    'published',
    { en: { title: `Only English ${words.untranslatedPost}`, body: words.untranslatedPost } },
    await newest('posts'),
  )
  await inCategory('posts', post.id, category)
  untranslatedPost = {
    ...post,
    collection: 'posts',
    word: words.untranslatedPost,
    category: categoryPath,
  }
  const study = await createWithText(
    'case-studies',
    'published',
    { en: { title: `Only English ${words.untranslatedStudy}`, body: words.untranslatedStudy } },
    await newest('case-studies'),
  )
  untranslatedStudy = { ...study, collection: 'case-studies', word: words.untranslatedStudy }
  const translated = await createWithText(
    'posts',
    'published',
    {
      en: { title: `Both ${words.translatedPost}`, body: words.translatedPost },
      es: { title: `Ambos ${words.translatedPost}`, body: words.translatedPost },
    },
    await newest('posts'),
  )
  await inCategory('posts', translated.id, category)
  translatedPost = {
    ...translated,
    collection: 'posts',
    word: words.translatedPost,
    category: categoryPath,
  }
}, 120_000)

afterAll(async () => {
  await closeSurfaceClients()
})

describe.each(LOCALE_SURFACES.map((surface) => [surface.name, surface] as const))(
  '%s',
  (_name, surface) => {
    it('shows an untranslated post in English only', async () => {
      expect(await surface.shows('en', untranslatedPost)).toBe(true)
      expect(await surface.shows('es', untranslatedPost)).toBe(false)
    })

    it('shows an untranslated case study in English only', async () => {
      expect(await surface.shows('en', untranslatedStudy)).toBe(true)
      expect(await surface.shows('es', untranslatedStudy)).toBe(false)
    })

    it('shows a translated post in both languages', async () => {
      expect(await surface.shows('en', translatedPost)).toBe(true)
      expect(await surface.shows('es', translatedPost)).toBe(true)
    })
  },
)

/** The hreflang links of a page's head. */
function hreflangs(html: string): string[] {
  return [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)"/gi)].map((match) => match[1]!)
}

/** The language switcher's links. */
function switcherLinks(html: string): string[] {
  const nav = /<nav[^>]*class="lang-switch"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? ''
  return [...nav.matchAll(/hrefLang="([^"]+)"/gi)].map((match) => match[1]!)
}

describe('links between languages', () => {
  it('an untranslated page has no hreflang and no switcher link to the language it lacks', async () => {
    const html = await (await get(paths.post('en', untranslatedPost.slug))).text()
    expect(hreflangs(html).sort()).toEqual(['en', 'x-default'])
    expect(switcherLinks(html)).toEqual([])
  })

  it('a translated page links its translation', async () => {
    const html = await (await get(paths.post('en', translatedPost.slug))).text()
    expect(hreflangs(html).sort()).toEqual(['en', 'es', 'x-default'])
    expect(switcherLinks(html)).toEqual(['es'])
  })

  it("the untranslated page's Spanish URL is a 404 that links the English version", async () => {
    const response = await get(paths.post('es', untranslatedPost.slug))
    expect(response.status).toBe(404)
    expect(switcherLinks(await response.text())).toEqual(['en'])
  })

  it('the sitemap gives an untranslated page no Spanish alternate', async () => {
    const xml = await (await get('/sitemap.xml')).text()
    const entry = (path: string) =>
      new RegExp(`<url>\\s*<loc>[^<]*${path}</loc>[\\s\\S]*?</url>`).exec(xml)?.[0] ?? ''
    // Listed in English, with no alternates: a page in one language has none to offer.
    const untranslated = entry(paths.post('en', untranslatedPost.slug))
    expect(untranslated).toContain(`${paths.post('en', untranslatedPost.slug)}</loc>`)
    expect(untranslated).not.toContain('hreflang="es"')
    expect(entry(paths.post('en', translatedPost.slug))).toContain('hreflang="es"')
  })

  it("the English twin's frontmatter names no Spanish alternate", async () => {
    const untranslated = await (
      await get(paths.twin(paths.post('en', untranslatedPost.slug)))
    ).text()
    expect(untranslated).not.toContain(paths.twin(paths.post('es', untranslatedPost.slug)))
    const translated = await (await get(paths.twin(paths.post('en', translatedPost.slug)))).text()
    expect(translated).toContain(paths.twin(paths.post('es', translatedPost.slug)))
  })
})

describe('the public API', () => {
  it('keeps the locale fallback: an untranslated document reads with its English texts', async () => {
    const { body: doc } = await getJson<{ title: string }>(
      `/api/posts/${untranslatedPost.id}?locale=es`,
    )
    expect(doc.title).toBe(`Only English ${untranslatedPost.word}`)
    const { body: list } = await getJson<{ docs: { id: number }[] }>(
      `/api/posts?locale=es&where[slug][equals]=${untranslatedPost.slug}`,
    )
    expect(list.docs.map((item) => item.id)).toEqual([untranslatedPost.id])
  })
})
