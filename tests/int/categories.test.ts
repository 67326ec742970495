import { beforeAll, describe, expect, it } from 'vitest'

import { asAdminJson, baseUrl, get } from '../support/api'
import { createCategory, createDocument, lexical, uniqueSlug } from '../support/factories'

const page = async (path: string) => {
  const response = await get(path, { redirect: 'manual' })
  return { status: response.status, headers: response.headers, html: await response.text() }
}

let categoryId: number
let categorySlug: string
const inCategory: { id: number; slug: string; title: string }[] = []
let longPost: { id: number; slug: string }

beforeAll(async () => {
  categoryId = await createCategory({ en: 'Category pages', es: 'Páginas de categoría' })
  categorySlug = (await asAdminJson<{ slug: string }>(`/api/categories/${categoryId}`)).slug
  // Seven posts: one more than a blog page holds. Oldest first, so the last is the newest.
  for (let index = 0; index < 7; index += 1) {
    const title = `Categorised post ${index} ${categorySlug}`
    const created = await createDocument('posts', {
      status: 'published',
      title: { en: title, es: `Artículo categorizado ${index}` },
      categories: [categoryId],
      publishedAt: new Date(Date.UTC(2031, 0, 1 + index)).toISOString(),
    })
    inCategory.push({ id: created.id, slug: created.slug, title })
  }
  const slug = uniqueSlug('long-post')
  // 401 words: three minutes at 200 words a minute, rounded up.
  const body = Array.from({ length: 401 }, (_, index) => `word${index}`).join(' ')
  const created = await asAdminJson<{ doc: { id: number } }>('/api/posts?locale=en', {
    method: 'POST',
    body: JSON.stringify({
      _status: 'published',
      slug,
      title: 'A long post',
      content: lexical(body),
      categories: [categoryId],
      publishedAt: '2030-06-01T00:00:00.000Z',
    }),
  })
  longPost = { id: created.doc.id, slug }
})

describe('category pages', () => {
  it('list the category’s posts, newest first, paged like the blog', async () => {
    const first = await page(`/en/blog/category/${categorySlug}`)
    expect(first.status).toBe(200)
    expect(first.html).toContain('<h1>Articles on Category pages</h1>')
    const newest = inCategory.at(-1)!
    expect(first.html).toContain(`href="/en/blog/${newest.slug}"`)
    expect(first.html).toContain(`href="/en/blog/category/${categorySlug}?page=2"`)
    const second = await page(`/en/blog/category/${categorySlug}?page=2`)
    expect(second.status).toBe(200)
    expect(second.html).toContain(`href="/en/blog/${longPost.slug}"`)
    expect((await page(`/en/blog/category/${categorySlug}?page=3`)).status).toBe(404)
    expect((await page(`/en/blog/category/${categorySlug}?page=0`)).status).toBe(404)
  })

  it('are in both languages, with hreflang alternates and a markdown twin', async () => {
    const es = await page(`/es/blog/category/${categorySlug}`)
    expect(es.status).toBe(200)
    expect(es.html).toContain('Artículos sobre Páginas de categoría')
    expect(es.html).toContain(`hrefLang="en" href="${baseUrl()}/en/blog/category/${categorySlug}"`)
    expect(es.headers.get('link')).toContain(`</es/blog/category/${categorySlug}.md>`)
    const twin = await get(`/en/blog/category/${categorySlug}.md`)
    expect(twin.status).toBe(200)
    const markdown = await twin.text()
    expect(markdown).toContain('# Articles on Category pages')
    expect(markdown).toContain(`/en/blog/${inCategory.at(-1)!.slug}.md`)
    expect((await get(`/en/blog/category/${categorySlug}.md?page=2`)).status).toBe(200)
  })

  it('are a 404 for a category that does not exist', async () => {
    const missing = await page('/en/blog/category/no-such-category')
    expect(missing.status).toBe(404)
    expect(missing.html).toContain('<h1>Page not found</h1>')
    expect((await get('/en/blog/category/no-such-category.md')).status).toBe(404)
  })

  it('are in the sitemap', async () => {
    const xml = await (await get('/sitemap.xml')).text()
    for (const locale of ['en', 'es']) {
      expect(xml).toContain(`<loc>${baseUrl()}/${locale}/blog/category/${categorySlug}</loc>`)
    }
  })
})

describe('post pages', () => {
  it('link their category labels to the category pages', async () => {
    const { html } = await page(`/en/blog/${inCategory[0]!.slug}`)
    expect(html).toContain(`href="/en/blog/category/${categorySlug}">Category pages</a>`)
  })

  it('show the reading time: words ÷ 200, rounded up', async () => {
    const long = await page(`/en/blog/${longPost.slug}`)
    expect(long.html).toContain('3 min read')
    const short = await page(`/es/blog/${inCategory[0]!.slug}`)
    expect(short.html).toContain('1 min de lectura')
  })

  it('show three related posts, same category first, newest first', async () => {
    const { html } = await page(`/en/blog/${inCategory[0]!.slug}`)
    const related = html.match(/<section class="related"[\s\S]*?<\/section>/)?.[0] ?? ''
    const links = [...related.matchAll(/href="\/en\/blog\/([^"]+)"/g)].map((match) => match[1])
    // The long post (2030) is older than the categorised posts (2031): the newest three others.
    expect(links).toEqual([inCategory[6]!.slug, inCategory[5]!.slug, inCategory[4]!.slug])
  })

  it('fill related posts with the most recent ones when the category has too few', async () => {
    const lonely = await createDocument('posts', {
      status: 'published',
      title: { en: 'Lonely post' },
      publishedAt: '2020-01-01T00:00:00.000Z',
    })
    const { html } = await page(`/en/blog/${lonely.slug}`)
    const related = html.match(/<section class="related"[\s\S]*?<\/section>/)?.[0] ?? ''
    expect([...related.matchAll(/<li class="card">/g)]).toHaveLength(3)
    expect(related).not.toContain(lonely.slug)
  })
})
