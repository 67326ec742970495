import { afterAll, describe, expect, it } from 'vitest'

import { SETTINGS_DEFAULTS } from '@/globals/defaults'

import { asAdmin, asAdminJson, baseUrl } from '../support/api'
import { createDocument, uniqueSlug } from '../support/factories'
import { poll } from '../support/poll'

/**
 * Services as pages of their own (`/en/services/{key}`, `/es/servicios/{key}`: twins, JSON-LD
 * `Service`, the sitemap, llms.txt, the home page's section), the page for developers (what the
 * contact page no longer carries), the footer's links and the home page's editable principles.
 */

const FRESH_WITHIN_MS = 10_000

async function read(path: string, init?: RequestInit): Promise<string> {
  const response = await fetch(`${baseUrl()}${path}`, init)
  expect(response.status, path).toBe(200)
  return response.text()
}

function pollUntil(
  what: string,
  paths: readonly string[],
  check: (texts: string[]) => boolean,
): Promise<string[]> {
  return poll(
    what,
    async () => {
      const texts = await Promise.all(
        paths.map(async (path) => (await fetch(`${baseUrl()}${path}`)).text()),
      )
      return check(texts) ? texts : undefined
    },
    { withinMs: FRESH_WITHIN_MS, everyMs: 100 },
  )
}

/** The JSON-LD blocks of a page. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  )
}

/** The language switcher's links. */
const switcherOf = (html: string) =>
  /<nav[^>]*class="lang-switch"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? ''

const created: number[] = []

/** A published service with `key`, in English and (when given) Spanish. */
async function createService(
  key: string,
  copy: { en: Record<string, unknown>; es?: Record<string, unknown> },
  related: { caseStudies?: number[]; posts?: number[] } = {},
): Promise<number> {
  const { doc } = await asAdminJson<{ doc: { id: number } }>('/api/services?locale=en', {
    method: 'POST',
    body: JSON.stringify({ key, ...copy.en, ...related, _status: 'published' }),
  })
  created.push(doc.id)
  if (copy.es) {
    await asAdminJson(`/api/services/${doc.id}?locale=es`, {
      method: 'PATCH',
      body: JSON.stringify({ ...copy.es, _status: 'published' }),
    })
  }
  return doc.id
}

afterAll(async () => {
  // Later suites see the home page's default services and principles again.
  for (const id of created) await asAdmin(`/api/services/${id}`, { method: 'DELETE' })
  await asAdmin('/api/globals/home?locale=en', {
    method: 'POST',
    body: JSON.stringify({ principles: SETTINGS_DEFAULTS.en.principles, _status: 'published' }),
  })
})

describe('service pages', () => {
  it('a published service has a page and a twin in each language it is translated into, with JSON-LD Service', async () => {
    const tag = uniqueSlug('svc')
    const caseStudy = await createDocument('case-studies', { status: 'published' })
    const post = await createDocument('posts', { status: 'published' })
    await createService(
      'data-platforms',
      {
        en: {
          title: `Data ${tag}`,
          summary: `Numbers you trust ${tag}`,
          whatWeDo: `Pipelines and warehouses ${tag}`,
          engagement: `Three months ${tag}`,
        },
        es: {
          title: `Datos ${tag}`,
          summary: `Cifras fiables ${tag}`,
          whatWeDo: `Pipelines y almacenes ${tag}`,
          engagement: `Tres meses ${tag}`,
        },
      },
      { caseStudies: [caseStudy.id], posts: [post.id] },
    )
    const [en, es, enTwin, esTwin] = await pollUntil(
      'the service pages',
      [
        '/en/services/data-platforms',
        '/es/servicios/data-platforms',
        '/en/services/data-platforms.md',
        '/es/servicios/data-platforms.md',
      ],
      (texts) => texts.every((text) => text.includes(tag)),
    )
    expect(en).toContain(`<h1>Data ${tag}</h1>`)
    expect(en).toContain(`Pipelines and warehouses ${tag}`)
    expect(en).toContain(`Three months ${tag}`)
    expect(en).toContain(caseStudy.title.en)
    expect(en).toContain(post.title.en)
    expect(es).toContain(`<h1>Datos ${tag}</h1>`)
    expect(es).toContain(caseStudy.title.es!)
    expect(enTwin).toContain(`# Data ${tag}`)
    expect(esTwin).toContain(`# Datos ${tag}`)
    const service = jsonLdOf(en!).find((block) => block['@type'] === 'Service')
    expect(service).toMatchObject({
      name: `Data ${tag}`,
      description: `Numbers you trust ${tag}`,
      url: expect.stringMatching(/\/en\/services\/data-platforms$/),
      provider: { '@type': 'Organization' },
    })
    expect(jsonLdOf(es!).find((block) => block['@type'] === 'Service')).toMatchObject({
      name: `Datos ${tag}`,
    })
    // The language switcher and hreflang name the other language's word.
    expect(switcherOf(en!)).toContain('href="/es/servicios/data-platforms"')
    expect(switcherOf(es!)).toContain('href="/en/services/data-platforms"')
    expect(es).toMatch(
      /<link rel="alternate" hrefLang="en" href="[^"]+\/en\/services\/data-platforms"/,
    )
    // Each language's word only: the other's folder is not a page.
    expect((await fetch(`${baseUrl()}/es/services/data-platforms`)).status).toBe(404)
    expect((await fetch(`${baseUrl()}/en/servicios/data-platforms`)).status).toBe(404)
    // The home page links the service's page.
    const [home] = await pollUntil('the home page', ['/en'], ([html]) => html!.includes(tag))
    expect(home).toContain(`<a href="/en/services/data-platforms">Data ${tag}</a>`)
    // Listed in the sitemap and llms.txt.
    const [sitemap, llms] = await pollUntil(
      'the sitemap and llms.txt',
      ['/sitemap.xml', '/llms.txt'],
      ([xml, txt]) => xml!.includes('/servicios/data-platforms') && txt!.includes(tag),
    )
    expect(sitemap).toMatch(/<loc>[^<]*\/en\/services\/data-platforms<\/loc>/)
    expect(sitemap).toMatch(/<loc>[^<]*\/es\/servicios\/data-platforms<\/loc>/)
    expect(llms).toMatch(
      new RegExp(`\\[Data ${tag}\\]\\(https?://[^)]+/en/services/data-platforms\\.md\\)`),
    )
    expect(llms).toMatch(
      new RegExp(`\\[Datos ${tag}\\]\\(https?://[^)]+/es/servicios/data-platforms\\.md\\)`),
    )
  })

  it('a service without a Spanish translation is not shown under /es', async () => {
    const tag = uniqueSlug('svc-en')
    await createService('security', {
      en: { title: `Security ${tag}`, summary: `Safe ${tag}` },
    })
    await pollUntil('the English page', ['/en/services/security'], ([html]) => html!.includes(tag))
    expect((await fetch(`${baseUrl()}/es/servicios/security`)).status).toBe(404)
    expect(switcherOf(await read('/en/services/security'))).not.toContain('/es/')
    expect(await read('/es')).not.toContain(tag)
    expect(await read('/llms.txt')).not.toMatch(/\/es\/servicios\/security/)
  })

  it('a service key outside the inquiry contract is refused', async () => {
    const response = await asAdmin('/api/services?locale=en', {
      method: 'POST',
      body: JSON.stringify({ key: 'astrology', title: 'No', summary: 'No' }),
    })
    expect(response.status).toBe(400)
  })
})

describe('the page for developers', () => {
  it('exists in English and Spanish with twins, and carries the API, MCP and curl text', async () => {
    for (const path of ['/en/developers', '/es/desarrolladores']) {
      const html = await read(path)
      expect(html).toContain('/api/inquiries')
      expect(html).toContain('curl -X POST')
      expect(html).toContain('send_inquiry')
      expect(html).toContain('href="/docs/api"')
      const twin = await read(`${path}.md`)
      expect(twin).toContain('curl -X POST')
    }
    expect((await fetch(`${baseUrl()}/es/developers`)).status).toBe(404)
  })

  it('is linked from llms.txt and the API reference', async () => {
    const llms = await read('/llms.txt')
    expect(llms).toMatch(/\]\(https?:\/\/[^)]+\/en\/developers\.md\)/)
    expect(llms).toMatch(/\]\(https?:\/\/[^)]+\/es\/desarrolladores\.md\)/)
    expect(await read('/docs/api')).toContain('href="/en/developers"')
    expect(await read('/docs/api.md')).toMatch(/\/en\/developers\.md\)/)
  })

  it('the contact page speaks to clients: no API, MCP, curl or budget text', async () => {
    for (const path of ['/en/contact', '/es/contact']) {
      const html = await read(path)
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
      for (const text of ['curl', '/api/inquiries', 'MCP', 'send_inquiry', 'openapi', 'Each hour'])
        expect(main, `${path}: ${text}`).not.toContain(text)
      expect(main).toContain('id="contact-next"')
    }
  })

  it('the footer links the developers page, not the RSS feed; the head announces the feed', async () => {
    for (const [path, developers] of [
      ['/en', '/en/developers'],
      ['/es', '/es/desarrolladores'],
    ] as const) {
      const html = await read(path)
      const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'))
      expect(footer).toContain(`href="${developers}"`)
      expect(footer).not.toContain('feed.xml')
      expect(footer).not.toMatch(/RSS/)
      expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml"[^>]*feed\.xml/)
    }
  })
})

describe('the home page principles', () => {
  it('show the defaults, and what an editor publishes', async () => {
    expect(await read('/es')).toContain(SETTINGS_DEFAULTS.es.principles.items[0]!.title)
    const tag = uniqueSlug('principle')
    const response = await asAdmin('/api/globals/home?locale=en', {
      method: 'POST',
      body: JSON.stringify({
        principles: {
          heading: `How we work ${tag}`,
          items: [
            { title: `Small teams ${tag}`, line: `One line ${tag}` },
            { title: `Weekly releases ${tag}`, line: `Another line ${tag}` },
          ],
        },
        _status: 'published',
      }),
    })
    expect(response.status, await response.text()).toBe(200)
    const [page, twin] = await pollUntil('the principles', ['/en', '/en.md'], ([html, md]) =>
      Boolean(html?.includes(`Small teams ${tag}`) && md?.includes(`Small teams ${tag}`)),
    )
    expect(page).toContain(`<h2 id="home-principles">How we work ${tag}</h2>`)
    expect(page).toContain(`One line ${tag}`)
    expect(twin).toContain(`Another line ${tag}`)
    // Spanish keeps its own (default) principles.
    expect(await read('/es')).not.toContain(tag)
  })
})
