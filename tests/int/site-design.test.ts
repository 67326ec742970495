import { beforeAll, describe, expect, it } from 'vitest'

import { COVER_MIN_WIDTH } from '@/media/limits'

import { as, createAccount } from '../support/accounts'
import { asAdmin, asAdminJson, baseUrl } from '../support/api'
import {
  afterTheNewest,
  createCategory,
  createDocument,
  createImage,
  lexical,
  uniqueSlug,
  type CreatedDocument,
} from '../support/factories'

/**
 * What the site's design promises a visitor: one card per document (one link, its category),
 * covers never shown past their own width, case studies with their summary and every document
 * ending with an invitation to get in touch, a footer with contact and privacy, a privacy page,
 * and a not-found page that helps.
 */

const page = async (path: string) => {
  const response = await fetch(`${baseUrl()}${path}`, { redirect: 'manual' })
  return { status: response.status, html: await response.text() }
}

const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'))
const footerOf = (html: string) => html.slice(html.indexOf('<footer'), html.indexOf('</footer>'))

let narrowCoverPost: CreatedDocument
let categorized: CreatedDocument
let caseStudySlug: string
const CATEGORY = { en: 'Design Test Topic', es: 'Tema de prueba de diseño' }

beforeAll(async () => {
  // Wide enough to be a cover, narrower than the article's 1100-pixel slot.
  const narrow = await createImage('Narrow cover', { width: 820, height: 461 })
  narrowCoverPost = await createDocument('posts', {
    status: 'published',
    title: { en: 'Narrow cover post', es: 'Artículo con portada estrecha' },
    coverImage: narrow.id,
  })
  const categoryId = await createCategory(CATEGORY)
  categorized = await createDocument('posts', {
    status: 'published',
    title: { en: 'Carded post', es: 'Artículo en tarjeta' },
    categories: [categoryId],
    // Newest of all, whatever other suites publish meanwhile: first on the blog's first page.
    publishedAt: (await afterTheNewest('posts')).toISOString(),
  })
  caseStudySlug = uniqueSlug('design-case')
  const { doc } = await asAdminJson<{ doc: { id: number } }>('/api/case-studies?locale=en', {
    method: 'POST',
    body: JSON.stringify({
      _status: 'published',
      slug: caseStudySlug,
      title: 'Design case study',
      content: lexical('The story of the project.'),
      client: 'Design Client',
      industry: 'Shipping',
      challenge: 'Orders were lost between systems.',
      solution: 'One order service for every channel.',
      results: [
        { value: '−35 %', label: 'lost orders' },
        { value: '2 weeks', label: 'to the first release' },
      ],
      featured: true,
    }),
  })
  await asAdminJson(`/api/case-studies/${doc.id}?locale=es`, {
    method: 'PATCH',
    body: JSON.stringify({
      _status: 'published',
      title: 'Caso de diseño',
      challenge: 'Los pedidos se perdían entre sistemas.',
      results: [{ value: '−35 %', label: 'pedidos perdidos' }],
    }),
  })
}, 120_000)

describe('covers', () => {
  it('are shown at most at their own width: width attribute and srcset stop there', async () => {
    const { html } = await page(`/en/blog/${narrowCoverPost.slug}`)
    const img = html.match(/<img[^>]*class="cover"[^>]*>/)?.[0] ?? ''
    expect(img).toContain('width="820"')
    expect(img).toContain('sizes="(min-width: 860px) 820px, 100vw"')
    const widths = [...(img.match(/srcSet="([^"]+)"/)?.[1] ?? '').matchAll(/ (\d+)w/g)].map(
      ([, width]) => Number(width),
    )
    expect(widths.length).toBeGreaterThan(0)
    expect(Math.max(...widths)).toBeLessThanOrEqual(820)
  })

  it('narrower than a card are refused with a message naming the minimum', async () => {
    const small = await createImage('Too small', { width: 640, height: 360 })
    const response = await asAdmin('/api/posts?locale=en', {
      method: 'POST',
      body: JSON.stringify({
        _status: 'published',
        slug: uniqueSlug('small-cover'),
        title: 'Small cover',
        coverImage: small.id,
      }),
    })
    expect(response.status).toBe(400)
    const body = JSON.stringify(await response.json())
    expect(body).toContain(`at least ${COVER_MIN_WIDTH} pixels wide`)
    expect(body).toContain('this one is 640')
  })

  it('too narrow are refused on a draft save too, so that an author learns it, in their language', async () => {
    const small = await createImage('Too small for a draft', { width: 600, height: 400 })
    const author = await createAccount('author')
    const draft = (language: string) =>
      as(author, '/api/posts?locale=en&draft=true', {
        method: 'POST',
        headers: { 'Accept-Language': language },
        body: JSON.stringify({
          _status: 'draft',
          slug: uniqueSlug('small-draft-cover'),
          title: 'Small draft cover',
          coverImage: small.id,
        }),
      })
    const english = await draft('en')
    expect(english.status).toBe(400)
    const body = (await english.json()) as {
      errors: { data?: { errors?: { path: string; message: string }[] } }[]
    }
    expect(body.errors[0]?.data?.errors).toEqual([
      expect.objectContaining({
        path: 'coverImage',
        message: expect.stringContaining('this one is 600'),
      }),
    ])
    const spanish = await draft('es')
    expect(spanish.status).toBe(400)
    expect(JSON.stringify(await spanish.json())).toContain('y esta tiene 600')
    // A wide enough cover is saved as a draft as before.
    const wide = await createImage('Wide enough for a draft', {
      width: COVER_MIN_WIDTH,
      height: 400,
    })
    const saved = await as(author, '/api/posts?locale=en&draft=true', {
      method: 'POST',
      body: JSON.stringify({
        _status: 'draft',
        slug: uniqueSlug('wide-draft-cover'),
        title: 'Wide',
        coverImage: wide.id,
      }),
    })
    expect(saved.status).toBe(201)
  })
})

describe('cards', () => {
  it('are one link each, to the document, and show its category', async () => {
    const { html } = await page('/en/blog')
    // Each card is what follows a `<li class="card">` (before the first: the page's heading and
    // its JSON-LD, which names the post too).
    const card = mainOf(html)
      .split('<li class="card">')
      .slice(1)
      .find((item) => item.includes('Carded post'))
    expect(card).toBeDefined()
    const links = [...card!.matchAll(/<a\b[^>]*href="([^"]+)"/g)].map(([, href]) => href)
    expect(links).toEqual([`/en/blog/${categorized.slug}`])
    expect(card).toContain(`<span class="card-category">${CATEGORY.en}</span>`)
    expect(html).not.toContain('Read the article')
  })
})

describe('case studies', () => {
  it('show their summary above the story, undated, and end inviting contact', async () => {
    const { status, html } = await page(`/en/case-studies/${caseStudySlug}`)
    expect(status).toBe(200)
    const main = mainOf(html)
    const order = [
      'Design Client',
      'Shipping',
      '<h2>The challenge</h2>',
      'Orders were lost between systems.',
      '<h2>What we built</h2>',
      'One order service for every channel.',
      '<h2>Results</h2>',
      '−35 %',
      'lost orders',
      'The story of the project.',
      'Let’s talk about your project',
    ].map((text) => main.indexOf(text))
    expect(order.every((index) => index >= 0)).toBe(true)
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(main).not.toContain('Published on')
    expect(main).toMatch(/<a class="button" href="\/en\/contact">Get in touch<\/a>/)
  })

  it('have their summary in each language', async () => {
    const { html } = await page(`/es/case-studies/${caseStudySlug}`)
    expect(html).toContain('<h2>El reto</h2>')
    expect(html).toContain('Los pedidos se perdían entre sistemas.')
    expect(html).toContain('pedidos perdidos')
    expect(html).toContain('Escríbenos')
  })

  it('expose the summary and featured as public fields of the API', async () => {
    const response = await fetch(
      `${baseUrl()}/api/case-studies?locale=en&where[slug][equals]=${caseStudySlug}`,
    )
    const { docs } = (await response.json()) as { docs: Record<string, unknown>[] }
    expect(docs[0]).toMatchObject({
      client: 'Design Client',
      industry: 'Shipping',
      challenge: 'Orders were lost between systems.',
      solution: 'One order service for every channel.',
      results: [
        { value: '−35 %', label: 'lost orders' },
        { value: '2 weeks', label: 'to the first release' },
      ],
      featured: true,
    })
  })

  it('a post ends inviting contact too', async () => {
    const { html } = await page(`/es/blog/${narrowCoverPost.slug}`)
    expect(mainOf(html)).toContain('<h2 id="contact-cta-heading">Hablemos de tu proyecto</h2>')
  })
})

describe('footer and privacy', () => {
  it.each(['en', 'es'] as const)(
    'the %s footer gives the contact page and the privacy page, not the agents’ files',
    async (locale) => {
      const footer = footerOf((await page(`/${locale}`)).html)
      expect(footer).toContain(`href="/${locale}/contact"`)
      expect(footer).toContain(`href="/${locale}/privacy"`)
      expect(footer).not.toContain('llms.txt')
    },
  )

  it.each([
    ['en', 'Privacy', 'What we collect'],
    ['es', 'Privacidad', 'Qué recogemos'],
  ])('/%s/privacy shows the privacy notice in its language', async (locale, title, heading) => {
    const { status, html } = await page(`/${locale}/privacy`)
    expect(status).toBe(200)
    expect(html).toContain(`<h1>${title}</h1>`)
    expect(html).toContain(heading)
  })

  it('the contact form links to the privacy page', async () => {
    const { html } = await page('/es/contact')
    const form = html.slice(html.indexOf('<form'), html.indexOf('</form>'))
    expect(form).toContain('href="/es/privacy"')
  })
})

describe('the not-found page', () => {
  it.each([
    ['en', 'Search articles and case studies'],
    ['es', 'Buscar artículos y casos de éxito'],
  ])('in %s offers a search and the main sections', async (locale, label) => {
    const { status, html } = await page(`/${locale}/no-such-page-here`)
    expect(status).toBe(404)
    const main = mainOf(html)
    expect(main).toContain(`action="/${locale}/search"`)
    expect(main).toContain(label)
    for (const path of [`/${locale}`, `/${locale}/blog`, `/${locale}/case-studies`]) {
      expect(main).toContain(`href="${path}"`)
    }
  })
})
