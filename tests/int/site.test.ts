import { execFileSync } from 'node:child_process'

import { beforeAll, describe, expect, it } from 'vitest'

import { BLOG_PAGE_SIZE } from '@/site/routes'

import { asAdmin, baseUrl, get, listPageContaining } from '../support/api'
import {
  createDocument,
  createImage,
  saveUnpublishedEdit,
  type CreatedDocument,
} from '../support/factories'
import { createMedia, fakeMp4 } from '../support/media'

const page = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${baseUrl()}${path}`, { redirect: 'manual', ...init })
  return { status: response.status, headers: response.headers, html: await response.text() }
}

const attr = (html: string, pattern: RegExp) => html.match(pattern)?.[1]

let post: CreatedDocument
let edited: CreatedDocument
let caseStudy: CreatedDocument
let draft: CreatedDocument

beforeAll(async () => {
  const coverImage = (await createImage('Site cover', { width: 1600, height: 900 })).id
  post = await createDocument('posts', {
    status: 'published',
    title: { en: 'Site test post', es: 'Artículo de prueba' },
    excerpt: { en: 'An excerpt for the site.', es: 'Un resumen para el sitio.' },
    coverImage,
    publishedAt: '2030-01-02T00:00:00.000Z',
  })
  edited = await createDocument('posts', {
    status: 'published',
    title: { en: 'Live title', es: 'Título vivo' },
  })
  await saveUnpublishedEdit('posts', edited.id, { title: 'SITE-UNPUBLISHED-EDIT' })
  caseStudy = await createDocument('case-studies', {
    status: 'published',
    title: { en: 'Site case study', es: 'Caso del sitio' },
  })
  draft = await createDocument('posts', {
    status: 'draft',
    title: { en: 'SITE-DRAFT-MARKER', es: 'SITE-DRAFT-MARKER' },
  })
})

describe('site pages', () => {
  it.each([
    ['en', 'en'],
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['fr-FR, es;q=0.5', 'es'],
    ['de', 'en'],
  ])('/ with Accept-Language %j redirects to /%s', async (acceptLanguage, locale) => {
    const { status, headers } = await page('/', { headers: { 'Accept-Language': acceptLanguage } })
    expect(status).toBe(307)
    expect(new URL(headers.get('location')!, baseUrl()).pathname).toBe(`/${locale}`)
  })

  it.each([
    '/en',
    '/es',
    '/en/blog',
    '/es/blog',
    '/en/case-studies',
    '/es/case-studies',
    '/en/contact',
    '/es/contact',
    '/en/privacy',
    '/es/privacy',
  ])('%s is a page in its language', async (path) => {
    const { status, html, headers } = await page(path)
    expect(status).toBe(200)
    expect(html).toContain(`<html lang="${path.split('/')[1]}"`)
    expect(headers.get('vary')).toMatch(/Accept/)
    expect(headers.get('link')).toContain(`<${path}.md>; rel="alternate"; type="text/markdown"`)
  })

  it('a post page shows the published version, in each language', async () => {
    const en = await page(`/en/blog/${post.slug}`)
    expect(en.status).toBe(200)
    expect(en.html).toContain('Site test post')
    const es = await page(`/es/blog/${post.slug}`)
    expect(es.html).toContain('Artículo de prueba')
    const live = await page(`/en/blog/${edited.slug}`)
    expect(live.html).toContain('Live title')
    expect(live.html).not.toContain('SITE-UNPUBLISHED-EDIT')
  })

  it("a cover's srcset names each generated size once, at its own width", async () => {
    const { html } = await page(`/en/blog/${post.slug}`)
    const srcset = attr(html, /<img[^>]*class="cover"[^>]*srcSet="([^"]+)"/)
    const candidates = srcset?.split(', ').map((entry) => {
      const [url, width] = entry.split(' ')
      return [url!.match(/-(\d+)x\d+\.webp$/)?.[1], width]
    })
    expect(candidates).toEqual([
      ['400', '400w'],
      ['800', '800w'],
      ['1600', '1600w'],
    ])
  })

  const NOT_FOUND_TITLE = { en: 'Page not found', es: 'Página no encontrada' }

  it.each<[() => string, 'en' | 'es']>([
    [() => `/en/blog/${draft.slug}`, 'en'],
    [() => `/es/blog/${draft.slug}`, 'es'],
    [() => '/en/blog/no-such-post', 'en'],
    [() => '/es/case-studies/no-such-case', 'es'],
    [() => '/en/blog?page=999', 'en'],
    [() => '/es/blog?page=abc', 'es'],
    [() => '/fr', 'en'],
    [() => '/fr/blog/anything', 'en'],
    [() => '/es/nothing-here', 'es'],
  ])(
    '%# unknown, unpublished or malformed pages are a real 404, server-rendered in the site layout',
    async (path, locale) => {
      const { status, html } = await page(path())
      expect(status).toBe(404)
      expect(html).not.toContain('SITE-DRAFT-MARKER')
      // In the HTML itself (not only in the payload the browser would render from): crawlers and
      // visitors without JavaScript see the page, in its language, with the site's header.
      expect(html).toMatch(new RegExp(`<html lang="${locale}"[ >]`))
      expect(html).not.toContain('__next_error__')
      expect(html).toContain(`<h1>${NOT_FOUND_TITLE[locale]}</h1>`)
      expect(html).toContain(`<title>${NOT_FOUND_TITLE[locale]} · `)
      expect(html).toMatch(/<header[^>]*>[\s\S]*<\/header>/)
      expect(html).toContain('<meta name="robots" content="noindex, follow"/>')
    },
  )

  it("the header marks the page's section current and links its translation with the same query", async () => {
    const navigation = (html: string) =>
      /<nav[^>]*class="site-nav"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? ''
    const switcher = (html: string) =>
      /<nav[^>]*class="lang-switch"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? ''
    const current = (html: string) =>
      [...navigation(html).matchAll(/<a href="([^"]*)" aria-current="page"/g)].map((m) => m[1])

    const postPage = (await page(`/en/blog/${post.slug}`)).html
    expect(current(postPage)).toEqual(['/en/blog'])
    expect(switcher(postPage)).toContain(`href="/es/blog/${post.slug}"`)
    expect(current((await page('/es/contact')).html)).toEqual(['/es/contact'])
    expect(current((await page('/en')).html)).toEqual([])

    const search = (await page('/en/search?q=delivery+risk')).html
    expect(switcher(search)).toContain('href="/es/search?q=delivery+risk"')
    // What a caller sends under the proxy's page header is replaced by the URL's own.
    const spoofed = await page('/en/contact', { headers: { 'x-site-page': '/en/blog?x=1' } })
    expect(current(spoofed.html)).toEqual(['/en/contact'])
    expect(switcher(spoofed.html)).toContain('href="/es/contact"')
  })

  it('page 2 of a list links its translation to the list, and names no other language’s page 2', async () => {
    // Enough posts for a second page whatever other files published (each in English only).
    for (let index = 0; index < BLOG_PAGE_SIZE + 1; index += 1)
      await createDocument('posts', { status: 'published', title: { en: `Paged post ${index}` } })
    const second = (await page('/en/blog?page=2')).html
    const switcher = /<nav[^>]*class="lang-switch"[^>]*>([\s\S]*?)<\/nav>/.exec(second)?.[1] ?? ''
    expect(switcher).toContain('href="/es/blog"')
    expect(switcher).not.toContain('page=')
    // The head's alternates (the switcher's own link carries hrefLang too).
    expect(second).not.toMatch(/<link rel="alternate" hrefLang="es"/)
    expect(attr(second, /<link rel="alternate" hrefLang="en" href="([^"]+)"/)).toBe(
      `${baseUrl()}/en/blog?page=2`,
    )
    // The first page is the same list in every language.
    expect((await page('/en/blog')).html).toMatch(
      /<link rel="alternate" hrefLang="es" href="[^"]+\/es\/blog"/,
    )
  })

  it("a caller can't choose the language of a page through the proxy's locale header", async () => {
    const headers = { 'x-site-locale': 'es' }
    expect((await page('/fr', { headers })).html).toMatch(/<html lang="en"[ >]/)
    expect((await page('/en/contact', { headers })).html).toMatch(/<html lang="en"[ >]/)
  })

  it('a 404 page, never cached, still goes out compressed', async () => {
    const response = await fetch(`${baseUrl()}/es/blog/no-such-post`, {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('cache-control')).toContain('no-store')
    expect(await response.text()).toContain('<h1>Página no encontrada</h1>')
  })

  it('a document whose cover is not an image (a video) still renders, without the image', async () => {
    const video = await createMedia(fakeMp4(64 * 1024), 'cover-clip.mp4', 'video/mp4')
    const withVideo = await createDocument('posts', {
      status: 'published',
      title: { en: 'Video cover post', es: 'Artículo con vídeo' },
      coverImage: video.id,
    })
    expect((await page(`/en/blog/${withVideo.slug}`)).status).toBe(200)
    expect(await listPageContaining('/en/blog', 'Video cover post')).toBeDefined()
  })

  it('a page carries canonical, hreflang, OpenGraph, Twitter, JSON-LD and alternates', async () => {
    const { html } = await page(`/es/blog/${post.slug}`)
    const url = (path: string) => `${baseUrl()}${path}`
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(url(`/es/blog/${post.slug}`))
    expect(attr(html, /hrefLang="en" href="([^"]+)"/)).toBe(url(`/en/blog/${post.slug}`))
    expect(attr(html, /hrefLang="es" href="([^"]+)"/)).toBe(url(`/es/blog/${post.slug}`))
    expect(attr(html, /hrefLang="x-default" href="([^"]+)"/)).toBe(url(`/en/blog/${post.slug}`))
    expect(attr(html, /<meta name="description" content="([^"]+)"/)).toBe(
      'Un resumen para el sitio.',
    )
    expect(attr(html, /<title>([^<]+)<\/title>/)).toContain('Artículo de prueba')
    expect(attr(html, /<meta property="og:image" content="([^"]+)"/)).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/media\/file\/.+-1200x630\.jpg$/,
    )
    expect(attr(html, /<meta property="og:image:width" content="([^"]+)"/)).toBe('1200')
    expect(attr(html, /<meta property="og:image:height" content="([^"]+)"/)).toBe('630')
    expect(attr(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image')
    expect(attr(html, /type="text\/markdown" href="([^"]+)"/)).toBe(url(`/es/blog/${post.slug}.md`))
    expect(attr(html, /type="application\/rss\+xml" href="([^"]+)"/)).toBe(url('/es/feed.xml'))
    const jsonLd = JSON.parse(attr(html, /<script type="application\/ld\+json">([^<]+)<\/script>/)!)
    expect(jsonLd['@graph'][0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Artículo de prueba',
      inLanguage: 'es',
    })
  })

  it('case studies are Articles and the home page is the Organization', async () => {
    const study = await page(`/en/case-studies/${caseStudy.slug}`)
    expect(study.html).toContain('"@type":"Article"')
    const home = await page('/en')
    expect(home.html).toContain('"@type":"Organization"')
  })
})

describe('what search engines read', () => {
  it('sitemap.xml lists every published page in both locales with alternates and lastmod', async () => {
    const { status, html: xml, headers } = await page('/sitemap.xml')
    expect(status).toBe(200)
    expect(headers.get('content-type')).toMatch(/xml/)
    for (const locale of ['en', 'es']) {
      expect(xml).toContain(`<loc>${baseUrl()}/${locale}/blog/${post.slug}</loc>`)
      expect(xml).toContain(`<loc>${baseUrl()}/${locale}/case-studies/${caseStudy.slug}</loc>`)
      expect(xml).toContain(`<loc>${baseUrl()}/${locale}/contact</loc>`)
    }
    expect(xml).toContain(`hreflang="es" href="${baseUrl()}/es/blog/${post.slug}"`)
    expect(xml).toContain('hreflang="x-default"')
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}/)
    expect(xml).not.toContain(draft.slug)
  })

  it('robots.txt names the sitemap and keeps crawlers out of /admin, with standard records only', async () => {
    const { html: text } = await page('/robots.txt')
    expect(text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`)
    expect(text).toMatch(/^Disallow: \/admin$/m)
    for (const line of text.split('\n').filter(Boolean)) {
      expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): /)
    }
    // A first-match parser (Python's standard library) reads it as RFC 9309's longest match does.
    const script = [
      'import json, sys, urllib.robotparser',
      'parser = urllib.robotparser.RobotFileParser()',
      'parser.parse(sys.stdin.read().splitlines())',
      'print(json.dumps([parser.can_fetch("AnyBot", sys.argv[1] + p) for p in sys.argv[2:]]))',
    ].join('\n')
    const paths = [
      '/admin',
      '/admin/login',
      '/api/users',
      '/api/posts',
      '/en',
      '/api/media/file/a.png',
    ]
    const verdicts = execFileSync('python3', ['-c', script, baseUrl(), ...paths], {
      input: text,
      encoding: 'utf8',
    })
    expect(JSON.parse(verdicts)).toEqual([false, false, false, true, true, true])
  })

  it('the site has an icon: /favicon.ico for any client, and SVG and ICO links in every page head', async () => {
    const favicon = await fetch(`${baseUrl()}/favicon.ico`)
    expect(favicon.status).toBe(200)
    expect(favicon.headers.get('content-type')).toBe('image/x-icon')
    // An ICO file: reserved 0, type 1 (icon), then at least one image.
    const bytes = new DataView(await favicon.arrayBuffer())
    expect([bytes.getUint16(0, true), bytes.getUint16(2, true)]).toEqual([0, 1])
    expect(bytes.getUint16(4, true)).toBeGreaterThan(0)
    const { html } = await page('/es/blog')
    const icons = [...html.matchAll(/<link rel="icon" href="([^"]+)"[^>]*type="([^"]+)"/g)]
    expect(icons.map(([, , type]) => type).sort()).toEqual(['image/svg+xml', 'image/x-icon'])
    for (const [, href] of icons) expect((await fetch(`${baseUrl()}${href}`)).status).toBe(200)
  })

  it.each(['en', 'es'])('/%s/feed.xml is an RSS feed of published posts', async (locale) => {
    const { status, headers, html: xml } = await page(`/${locale}/feed.xml`)
    expect(status).toBe(200)
    expect(headers.get('content-type')).toContain('application/rss+xml')
    expect(xml).toContain(`<link>${baseUrl()}/${locale}/blog/${post.slug}</link>`)
    expect(xml).toContain(`<language>${locale}</language>`)
    expect(xml).toContain(locale === 'en' ? 'Site test post' : 'Artículo de prueba')
    expect(xml).not.toContain('SITE-DRAFT-MARKER')
    expect(xml).not.toContain('SITE-UNPUBLISHED-EDIT')
  })
})

describe('freshness and preview', () => {
  it('a publish is visible on the page at once, without a rebuild', async () => {
    expect((await page(`/en/blog/${post.slug}`)).html).toContain('Site test post')
    const response = await asAdmin(`/api/posts/${post.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'Freshly published title', _status: 'published' }),
    })
    expect(response.status).toBe(200)
    expect((await page(`/en/blog/${post.slug}`)).html).toContain('Freshly published title')
    expect(await listPageContaining('/en/blog', 'Freshly published title')).toBeDefined()
  })

  it('draft preview needs a signed-in editor, not just a link', async () => {
    const anonymous = await page(`/api/preview?path=/en/blog/${draft.slug}`)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('set-cookie') ?? '').not.toContain('__prerender_bypass')
    const openRedirect = await page('/api/preview?path=//evil.example')
    expect(openRedirect.status).toBe(400)
  })

  it('leaving preview redirects only to a path of this site', async () => {
    for (const path of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/\t/evil.example',
    ]) {
      const refused = await get(`/api/preview/exit?path=${encodeURIComponent(path)}`, {
        redirect: 'manual',
      })
      expect(refused.status, path).toBe(400)
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'invalid_parameter',
      )
    }
    const exit = await get('/api/preview/exit?path=%2Fes%2Fblog', { redirect: 'manual' })
    expect(exit.status).toBe(307)
    expect(exit.headers.get('location')).toBe('/es/blog')
    expect(exit.headers.get('set-cookie') ?? '').toContain('__prerender_bypass=;')
  })

  it('a signed-in editor previews the draft', async () => {
    const login = await fetch(`${baseUrl()}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: 'admin@example.test',
        password: 'correct-horse-battery-staple',
      }),
    })
    const session = login.headers.get('set-cookie')!.split(';')[0]!
    // As a browser sends it when the editor opens the preview from the admin: Payload accepts
    // a session cookie only with Sec-Fetch-Site same-origin/same-site/none (or an allowed Origin).
    const browser = { 'Sec-Fetch-Site': 'same-origin' }
    const enter = await page(`/api/preview?path=/en/blog/${draft.slug}`, {
      headers: { Cookie: session, ...browser },
    })
    expect(enter.status).toBe(307)
    const bypass = enter.headers.get('set-cookie')!.split(';')[0]!
    const preview = await page(`/en/blog/${draft.slug}`, {
      headers: { Cookie: `${session}; ${bypass}`, ...browser },
    })
    expect(preview.status).toBe(200)
    expect(preview.html).toContain('SITE-DRAFT-MARKER')
    // The draft-mode cookie alone, without the editor's session, shows nothing.
    const withoutSession = await page(`/en/blog/${draft.slug}`, {
      headers: { Cookie: bypass, ...browser },
    })
    expect(withoutSession.status).toBe(404)
  })
})
