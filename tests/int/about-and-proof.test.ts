import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { asAdmin, asAdminJson, baseUrl, get, getJson } from '../support/api'
import { createDocument, createImage, uniqueSlug, type CreatedDocument } from '../support/factories'
import { readUntil } from '../support/poll'

/**
 * People and proof: the About page (`/en/about`, `/es/sobre-nosotros`) from the `about-page`
 * global and the team, its twin and JSON-LD; a post's author (a team member) on its page, twin,
 * feed (`dc:creator`), in the REST API and the OpenAPI document; testimonials on the home page
 * (a publish shows within seconds, through the response cache) and on their case study; drafts
 * and untranslated quotes never shown.
 */
let member: { id: number; name: string }
let draftMember: { id: number; name: string }
let post: CreatedDocument
let caseStudy: CreatedDocument

const FRESH_WITHIN_MS = 10_000
const run = uniqueSlug('people')

async function create<T extends { id: number }>(
  collection: string,
  data: Record<string, unknown>,
  { locale = 'en', draft = false } = {},
): Promise<T> {
  const query = `locale=${locale}${draft ? '&draft=true' : ''}`
  const { doc } = await asAdminJson<{ doc: T }>(`/api/${collection}?${query}`, {
    method: 'POST',
    body: JSON.stringify(data),
  })
  return doc
}

async function patch(
  collection: string,
  id: number,
  data: Record<string, unknown>,
  locale = 'en',
): Promise<void> {
  await asAdminJson(`/api/${collection}/${id}?locale=${locale}`, {
    method: 'PATCH',
    body: JSON.stringify(data),
  })
}

async function publishAbout(locale: 'en' | 'es', data: Record<string, unknown>): Promise<void> {
  const response = await asAdmin(`/api/globals/about-page?locale=${locale}`, {
    method: 'POST',
    body: JSON.stringify({ ...data, _status: 'published' }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
}

const page = async (path: string) => {
  const response = await get(path)
  return { status: response.status, text: await response.text() }
}

/** The JSON-LD blocks of a page, parsed (a graph flattened). */
function jsonLdNodes(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
  return blocks.flatMap(([, json]) => {
    const data = JSON.parse(json!) as Record<string, unknown>
    return (data['@graph'] as Record<string, unknown>[] | undefined) ?? [data]
  })
}

beforeAll(async () => {
  member = await create('team-members', {
    name: `Ada ${run}`,
    role: 'Principal engineer',
    bio: 'Builds things that stay up.',
    profileUrl: 'https://example.com/ada',
    order: 1,
    _status: 'published',
  })
  await patch(
    'team-members',
    member.id,
    { role: 'Ingeniera principal', _status: 'published' },
    'es',
  )
  // A team member never published: not on the site, not an author anyone sees.
  draftMember = await create(
    'team-members',
    { name: `Draft ${run}`, role: 'Secret', _status: 'draft' },
    { draft: true },
  )
  await publishAbout('en', {
    title: 'About the firm',
    intro: `We build software ${run}.`,
    values: [{ title: 'Plain words', text: 'We say what we know.' }],
    offices: [{ city: 'Madrid', latitude: 40.4168, longitude: -3.7038 }],
  })
  await publishAbout('es', {
    title: 'Sobre la firma',
    intro: `Construimos software ${run}.`,
    values: [{ title: 'Palabras claras', text: 'Decimos lo que sabemos.' }],
    offices: [{ city: 'Madrid', latitude: 40.4168, longitude: -3.7038 }],
  })
  post = await createDocument('posts', { status: 'published', slug: uniqueSlug('authored') })
  await patch('posts', post.id, { author: member.id, _status: 'published' })
  caseStudy = await createDocument('case-studies', {
    status: 'published',
    slug: uniqueSlug('quoted'),
  })
})

afterAll(async () => {
  // Later suites see a site without this file's About page.
  for (const locale of ['en', 'es'] as const)
    await publishAbout(locale, { title: '', intro: '', values: [], offices: [] }).catch(
      () => undefined,
    )
})

describe('the About page', () => {
  it('shows the story, values, offices on a map and the published team, in each language', async () => {
    const en = await page('/en/about')
    expect(en.status).toBe(200)
    expect(en.text).toContain('<h1>About the firm</h1>')
    expect(en.text).toContain('Plain words')
    expect(en.text).toContain(member.name)
    expect(en.text).toContain('Principal engineer')
    expect(en.text).toMatch(/<svg [^>]*class="office-map"[\s\S]*<path class="land" d="M/)
    expect(en.text).not.toContain(draftMember.name)
    const es = await page('/es/sobre-nosotros')
    expect(es.status).toBe(200)
    expect(es.text).toContain('<h1>Sobre la firma</h1>')
    expect(es.text).toContain('Ingeniera principal')
    // Each language at its own words only.
    expect((await page('/es/about')).status).toBe(404)
    expect((await page('/en/sobre-nosotros')).status).toBe(404)
  })

  it('describes the firm and its people in JSON-LD: Organization and Person, no Review', async () => {
    const nodes = jsonLdNodes((await page('/en/about')).text)
    const organization = nodes.find((node) => node['@type'] === 'Organization')
    expect(organization).toMatchObject({ logo: expect.any(String) })
    const person = nodes.find((node) => node['@type'] === 'Person' && node.name === member.name)
    expect(person).toMatchObject({
      jobTitle: 'Principal engineer',
      sameAs: ['https://example.com/ada'],
      worksFor: { '@id': organization!['@id'] },
    })
    expect(nodes.some((node) => node['@type'] === 'Person' && node.name === draftMember.name)).toBe(
      false,
    )
    expect(JSON.stringify(nodes)).not.toContain('"Review"')
  })

  it('has a markdown twin in each language', async () => {
    const en = await page('/en/about.md')
    expect(en.status).toBe(200)
    expect(en.text).toContain('# About the firm')
    expect(en.text).toContain(member.name)
    const es = await page('/es/sobre-nosotros.md')
    expect(es.status).toBe(200)
    expect(es.text).toContain('# Sobre la firma')
  })

  it('is in the sitemap and llms.txt', async () => {
    const sitemap = (await page('/sitemap.xml')).text
    expect(sitemap).toContain(`${baseUrl()}/en/about`)
    expect(sitemap).toContain(`${baseUrl()}/es/sobre-nosotros`)
    const llms = (await page('/llms.txt')).text
    expect(llms).toContain('/en/about.md')
  })
})

describe("a document's author", () => {
  it('is shown on the page, in its JSON-LD as a Person, and in the twin', async () => {
    const html = (await page(`/en/blog/${post.slug}`)).text
    expect(html).toMatch(new RegExp(`class="byline"[^]*${member.name}`))
    const article = jsonLdNodes(html).find((node) => node['@type'] === 'BlogPosting')
    expect(article?.author).toMatchObject({ '@type': 'Person', name: member.name })
    const twin = (await page(`/en/blog/${post.slug}.md`)).text
    expect(twin).toContain(member.name)
    expect(twin).toContain('/en/about.md#person-')
  })

  it('is the RSS item’s dc:creator', async () => {
    const feed = await readUntil(
      async () => (await page('/en/feed.xml')).text,
      (xml) => xml.includes(`<dc:creator>${member.name}</dc:creator>`),
    )
    expect(feed).toContain('xmlns:dc="http://purl.org/dc/elements/1.1/"')
    expect(feed).toContain(`<dc:creator>${member.name}</dc:creator>`)
  })

  it('is public in the REST API (an id, or at a depth the public fields) and in OpenAPI', async () => {
    const shallow = await getJson<{ author: unknown }>(`/api/posts/${post.id}?depth=0`)
    expect(shallow.body.author).toBe(member.id)
    const deep = await getJson<{ author: Record<string, unknown> }>(`/api/posts/${post.id}?depth=1`)
    expect(deep.body.author).toMatchObject({ id: member.id, name: member.name })
    expect(Object.keys(deep.body.author)).not.toContain('_status')
    const { body: openapi } = await getJson<{
      components: { schemas: Record<string, { properties: Record<string, unknown> }> }
    }>('/openapi.json')
    expect(openapi.components.schemas.Post!.properties).toHaveProperty('author')
    expect(openapi.components.schemas.Person!.properties).toHaveProperty('name')
  })

  it('never names a team member who is not published', async () => {
    const other = await createDocument('posts', { status: 'published', slug: uniqueSlug('anon') })
    await patch('posts', other.id, { author: draftMember.id, _status: 'published' })
    const html = (await page(`/en/blog/${other.slug}`)).text
    expect(html).not.toContain(draftMember.name)
    const { body } = await getJson<{ author: unknown }>(`/api/posts/${other.id}?depth=1`)
    expect(JSON.stringify(body.author ?? null)).not.toContain(draftMember.name)
  })
})

describe('proof', () => {
  it('a published featured testimonial shows on the home page within seconds; a draft never', async () => {
    // Warm the home page in the response cache.
    await readUntil(
      async () => (await get('/en')).headers.get('x-cache'),
      (cache) => cache === 'HIT',
    )
    const draftQuote = `A draft quote ${run}`
    await create(
      'testimonials',
      { quote: draftQuote, name: 'Nobody', featured: true, _status: 'draft' },
      { draft: true },
    )
    const quote = `They shipped it ${run}`
    const started = Date.now()
    await create('testimonials', {
      quote,
      name: 'Elena Marsh',
      role: 'VP of operations',
      company: 'Northwind (demo)',
      featured: true,
      caseStudy: caseStudy.id,
      _status: 'published',
    })
    const home = await readUntil(
      async () => (await page('/en')).text,
      (html) => html.includes(quote),
      { withinMs: FRESH_WITHIN_MS },
    )
    expect(home).toContain(quote)
    expect(Date.now() - started).toBeLessThan(FRESH_WITHIN_MS)
    expect(home).not.toContain(draftQuote)
    // Its case study shows it too.
    const caseStudyPage = (await page(`/en/case-studies/${caseStudy.slug}`)).text
    expect(caseStudyPage).toContain(quote)
    // No Review markup for the firm's own testimonials.
    expect(JSON.stringify(jsonLdNodes(home))).not.toContain('Review')
  })

  it('shows a featured client logo on the home page, its file public once the logo is', async () => {
    const image = await createImage(`Logo ${run}`, { width: 240, height: 60 })
    const name = `Client ${run}`
    await create('client-logos', {
      name,
      logo: image.id,
      url: 'https://example.com/client',
      featured: true,
      _status: 'published',
    })
    const home = await readUntil(
      async () => (await page('/en')).text,
      (html) => html.includes(`alt="${name}"`),
      { withinMs: FRESH_WITHIN_MS },
    )
    expect(home).toContain(`alt="${name}"`)
    const file = await readUntil(
      async () => (await get(`/api/media/file/${image.filename}`)).status,
      (status) => status === 200,
    )
    expect(file).toBe(200)
  })

  it('shows a quote under /es only when it is translated', async () => {
    const quote = `Only in English ${run}`
    await create('testimonials', {
      quote,
      name: 'Jorge Salinas',
      featured: true,
      caseStudy: caseStudy.id,
      _status: 'published',
    })
    await readUntil(
      async () => (await page('/en')).text,
      (html) => html.includes(quote),
    )
    expect((await page('/es')).text).not.toContain(quote)
    expect((await page(`/es/case-studies/${caseStudy.slug}`)).text).not.toContain(quote)
  })

  it('keeps drafts of testimonials and team members from anonymous callers', async () => {
    const testimonials = await fetch(`${baseUrl()}/api/testimonials?limit=100`)
    const text = await testimonials.text()
    expect(text).not.toContain('A draft quote')
    const team = await fetch(`${baseUrl()}/api/team-members?limit=100`)
    expect(await team.text()).not.toContain(draftMember.name)
  })
})

describe('a language without an About page', () => {
  it('links no About page: bylines name the author plainly, the footer leaves it out', async () => {
    await publishAbout('en', { title: '', intro: '', values: [], offices: [] })
    try {
      const html = await readUntil(
        async () => (await page(`/en/blog/${post.slug}`)).text,
        (text) => !text.includes('href="/en/about'),
        { withinMs: FRESH_WITHIN_MS },
      )
      // The name as text (React separates text parts with `<!-- -->`), not inside a link.
      expect(html).toMatch(new RegExp(`class="byline">(?:[^<]|<!-- -->)*${member.name}`))
      expect((await page('/en/about')).status).toBe(404)
      const twin = (await page(`/en/blog/${post.slug}.md`)).text
      expect(twin).toContain(member.name)
      expect(twin).not.toContain('/en/about.md')
      // Spanish keeps its page, and its links.
      const spanish = (await page(`/es/blog/${post.slug}`)).text
      expect(spanish).toContain('href="/es/sobre-nosotros"')
    } finally {
      await publishAbout('en', {
        title: 'About the firm',
        intro: `We build software ${run}.`,
      })
    }
  })
})
