import { afterAll, describe, expect, inject, it } from 'vitest'

import { SETTINGS_DEFAULTS } from '@/globals/defaults'

import { asAdmin, asAdminJson, baseUrl } from '../support/api'
import { withConnection } from '../support/database'
import { afterTheNewest, createDocument, createImage, uniqueSlug } from '../support/factories'
import { poll } from '../support/poll'

/**
 * The home page's sections (the `home` global) and the editable site name (`site-settings`):
 * what an editor publishes shows on the page and its markdown twin within the polling window;
 * the proof section puts forward the newest featured case studies with their headline result;
 * the site name shows in the header, the title and llms.txt, which links the privacy pages.
 */

const FRESH_WITHIN_MS = 10_000

async function read(path: string): Promise<string> {
  const response = await fetch(`${baseUrl()}${path}`)
  expect(response.status, path).toBe(200)
  return response.text()
}

/** Reads `paths` until every one passes `check` (the cache hears the publish within seconds). */
function pollUntil(
  what: string,
  paths: readonly string[],
  check: (texts: string[]) => boolean,
): Promise<string[]> {
  return poll(
    what,
    async () => {
      const texts = await Promise.all(paths.map(read))
      return check(texts) ? texts : undefined
    },
    { withinMs: FRESH_WITHIN_MS, everyMs: 100 },
  )
}

async function publish(slug: string, locale: string, body: Record<string, unknown>) {
  const response = await asAdmin(`/api/globals/${slug}?locale=${locale}`, {
    method: 'POST',
    body: JSON.stringify({ ...body, _status: 'published' }),
  })
  if (!response.ok) throw new Error(`POST ${slug}: ${response.status} ${await response.text()}`)
}

/** The section of the page's HTML between an element with `id` and the end of its section. */
function sectionOf(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`)
  expect(start, id).toBeGreaterThanOrEqual(0)
  return html.slice(start, html.indexOf('</section>', start))
}

afterAll(async () => {
  // Later suites see the defaults again.
  const { es, en } = SETTINGS_DEFAULTS
  await publish('home', 'es', {
    hero: { ...es.hero, image: null },
    services: es.services,
    closing: es.closing,
  }).catch(() => undefined)
  await publish('site-settings', 'en', { siteName: en.siteName }).catch(() => undefined)
})

describe('home page sections', () => {
  it('a fresh install shows the services and closing sections, in each language (the defaults)', async () => {
    const [en, es] = await Promise.all([read('/en'), read('/es')])
    for (const [html, defaults] of [
      [en, SETTINGS_DEFAULTS.en],
      [es, SETTINGS_DEFAULTS.es],
    ] as const) {
      expect(html).toContain(`<h2 id="home-services">${defaults.services.heading}</h2>`)
      expect(html).toContain(`<h3>${defaults.services.items[0]!.title}</h3>`)
      expect(html).toContain(`<h2 id="home-closing">${defaults.closing.heading}</h2>`)
    }
  })

  it('published Spanish services and closing call to action show on /es and /es.md', async () => {
    const tag = uniqueSlug('servicio')
    const services = {
      heading: `Servicios ${tag}`,
      intro: `Lo que hacemos ${tag}`,
      items: [
        { title: `Auditoría ${tag}`, description: `Revisamos tu arquitectura ${tag}` },
        { title: `Migración ${tag}`, description: `Movemos tus sistemas ${tag}` },
      ],
    }
    const closing = {
      heading: `Hablemos ${tag}`,
      text: `Te respondemos pronto ${tag}`,
      ctaLabel: `Escríbenos ${tag}`,
      ctaLink: '/es/contact?from=home',
    }
    await publish('home', 'es', { services, closing })
    const [page, twin] = await pollUntil('the Spanish sections', ['/es', '/es.md'], ([html, md]) =>
      Boolean(html?.includes(`Migración ${tag}`) && md?.includes(`Migración ${tag}`)),
    )
    expect(sectionOf(page!, 'home-services')).toContain(`<h3>Auditoría ${tag}</h3>`)
    expect(page).toContain(`<h2 id="home-closing">Hablemos ${tag}</h2>`)
    expect(page).toContain(`href="/es/contact?from=home">Escríbenos ${tag}</a>`)
    for (const line of [
      `## Servicios ${tag}`,
      `### Auditoría ${tag}`,
      `Revisamos tu arquitectura ${tag}`,
      `## Hablemos ${tag}`,
      `Te respondemos pronto ${tag}`,
      `[Escríbenos ${tag}](`,
    ])
      expect(twin).toContain(line)
    // English keeps its own (default) services.
    const english = await read('/en')
    expect(english).not.toContain(tag)
    expect(english).toContain(`<h3>${SETTINGS_DEFAULTS.en.services.items[0]!.title}</h3>`)
  })

  it('the hero shows its image at its own size, with its alt text', async () => {
    const alt = `Hero picture ${uniqueSlug('alt')}`
    const image = await createImage(alt, { width: 1200, height: 675 })
    await publish('home', 'es', { hero: { ...SETTINGS_DEFAULTS.es.hero, image: image.id } })
    const [page] = await pollUntil('the hero image', ['/en'], ([html]) =>
      Boolean(html?.includes(alt)),
    )
    const img = /<img[^>]*class="hero-image"[^>]*>/.exec(page!)?.[0] ?? ''
    expect(img).toContain(`alt="${alt}"`)
    expect(img).toContain('width="1200"')
    expect(img).toContain('height="675"')
    // The page's largest image is asked for ahead of the others.
    expect(img).toContain('fetchPriority="high"')
    expect(page).toContain('class="hero hero-with-image"')
    // Published on the home page, the image is public (the media embargo counts the hero).
    const src = /src="([^"]+)"/.exec(img)?.[1] ?? ''
    expect((await fetch(new URL(src.replaceAll('&amp;', '&'), baseUrl()))).status).toBe(200)
  })

  it('a Spanish save after English lists were published keeps Spanish lists: no English rows copied', async () => {
    const { en, es } = SETTINGS_DEFAULTS
    const tag = uniqueSlug('lists')
    // English lists saved, Spanish ones never (as on a site that has only published in English
    // since the lists came): Spanish must not read (and save) the English rows.
    await publish('home', 'en', { principles: en.principles, services: en.services })
    await withConnection(inject('databaseUrl'), async (client) => {
      // The saved copy a save reads is the latest version's: its rows go too.
      for (const table of [
        'home_principles_items',
        'home_services_items',
        '_home_v_version_principles_items',
        '_home_v_version_services_items',
      ])
        await client.query(`DELETE FROM ${table} WHERE _locale = 'es'`)
    })
    await publish('home', 'es', { closing: { ...es.closing, heading: `Hablemos ${tag}` } })
    const saved = await asAdminJson<{
      principles: { items: { title: string }[] }
      services: { items: { title: string }[] }
    }>('/api/globals/home?locale=es&fallback-locale=none&depth=0')
    expect(saved.principles.items.map((item) => item.title)).toEqual(
      es.principles.items.map((item) => item.title),
    )
    expect(saved.services.items.map((item) => item.title)).toEqual(
      es.services.items.map((item) => item.title),
    )
    const [page] = await pollUntil('the Spanish closing', ['/es'], ([html]) =>
      html!.includes(`Hablemos ${tag}`),
    )
    expect(page).toContain(es.principles.items[0]!.title)
    expect(page).not.toContain(en.principles.items[0]!.title)
  })

  it('the proof section shows the newest featured case study with its headline result, not an unfeatured one', async () => {
    const featuredSlug = uniqueSlug('proof-featured')
    const figure = `−${Date.now() % 1000} %`
    // The newest featured case study of all, whatever other files featured.
    const featured = await createDocument('case-studies', {
      status: 'published',
      slug: featuredSlug,
      title: { en: `Featured ${featuredSlug}`, es: `Destacado ${featuredSlug}` },
      publishedAt: (await afterTheNewest('case-studies')).toISOString(),
    })
    await asAdminJson(`/api/case-studies/${featured.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({
        _status: 'published',
        featured: true,
        results: [
          { value: figure, label: `headline ${featuredSlug}` },
          { value: '2×', label: `second ${featuredSlug}` },
        ],
      }),
    })
    // Newer than the featured one, but not featured: it stays out of the proof section.
    const plain = await createDocument('case-studies', {
      status: 'published',
      slug: uniqueSlug('proof-plain'),
      publishedAt: (await afterTheNewest('case-studies')).toISOString(),
    })
    const [page, twin] = await pollUntil(
      'the featured case study',
      ['/en', '/en.md'],
      ([html, md]) =>
        Boolean(html?.includes(`headline ${featuredSlug}`) && md?.includes(featuredSlug)),
    )
    const proof = sectionOf(page!, 'home-proof')
    expect(proof).toContain(`Featured ${featuredSlug}`)
    expect(proof).toContain(`<strong class="result-value">${figure}</strong>`)
    // Only the headline (first) result.
    expect(proof).not.toContain(`second ${featuredSlug}`)
    expect(page).not.toContain(plain.slug)
    expect(twin).toContain(`headline ${featuredSlug}`)
    expect(twin).not.toContain(plain.slug)
  })
})

describe('site name', () => {
  it('an edited site name shows in the header, the title and llms.txt', async () => {
    const name = `Meridian ${uniqueSlug('name')}`
    await publish('site-settings', 'en', { siteName: name })
    const [page, llms] = await pollUntil('the new site name', ['/es', '/llms.txt'], ([html, txt]) =>
      Boolean(html?.includes(name) && txt?.startsWith(`# ${name}\n`)),
    )
    expect(page).toMatch(new RegExp(`<a [^>]*class="brand"[^>]*>${name}</a>`))
    expect(page).toMatch(new RegExp(`<title>[^<]*${name}</title>`))
    expect(page).toContain(`<h2 id="footer-about">${name}</h2>`)
    expect(llms).not.toContain(`# ${SETTINGS_DEFAULTS.en.siteName}\n`)
  })

  it('llms.txt links the privacy page in each language', async () => {
    const llms = await read('/llms.txt')
    expect(llms).toMatch(/\]\(https?:\/\/[^)]+\/en\/privacy\.md\)/)
    expect(llms).toMatch(/\]\(https?:\/\/[^)]+\/es\/privacy\.md\)/)
  })
})
