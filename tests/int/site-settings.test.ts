import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { asAdmin, baseUrl, getJson } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import { poll } from '../support/poll'
import { createDocument, uniqueSlug, type CreatedDocument } from '../support/factories'

/**
 * Site settings (Payload globals): with nothing published the site says what it always said;
 * publishing a change shows on every instance (here one of its own, its caches warmed) within the
 * polling window, while what does not show settings stays cached; a saved draft changes nothing
 * public, and anonymous callers read no global, drafts least of all.
 */
let app: AppServer
let post: CreatedDocument

/** Today's texts: what a fresh install shows. */
const TODAY = {
  esHero: 'Consultoría de software, datos y nube que llega a producción',
  enHero: 'Software, data and cloud consulting that ships',
  esCta: 'Cuéntanos tu proyecto',
  esFooter: 'Todos los derechos reservados.',
  esContact: 'Cuéntanos tu proyecto: respondemos a todas las consultas en dos días laborables.',
  esLede:
    'Somos un equipo pequeño y senior que ayuda a empresas a diseñar, construir y operar software, plataformas de datos e infraestructura en la nube, y que deja a sus equipos más fuertes de lo que los encontró.',
}

const ES_HERO = {
  heading: TODAY.esHero,
  lede: TODAY.esLede,
  ctaLabel: TODAY.esCta,
  ctaLink: '/es/contact',
}

beforeAll(async () => {
  post = await createDocument('posts', { status: 'published', slug: uniqueSlug('settings-post') })
  app = await startApp(`site-settings-${process.env.TEST_RUN_ID ?? 'main'}`, inject('appEnv'))
})

afterAll(async () => {
  // Later suites see today's texts again.
  await publish('home', 'es', { hero: ES_HERO }).catch(() => undefined)
  await publish('site-settings', 'es', {
    organization: { legalName: '', email: null, logo: '/og-default.png', sameAs: [] },
  }).catch(() => undefined)
  await app?.stop()
})

interface Answer {
  status: number
  cache: string | null
  text: string
}

async function read(path: string, origin = app.url): Promise<Answer> {
  const response = await fetch(`${origin}${path}`)
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    text: await response.text(),
  }
}

/** Reads each path on the second instance until it answers it from its cache. */
async function warm(paths: readonly string[]): Promise<void> {
  for (const path of paths)
    await poll(`${path} cached`, async () =>
      (await read(path)).cache === 'HIT' ? true : undefined,
    )
}

async function writeGlobal(
  slug: string,
  locale: string,
  body: Record<string, unknown>,
  draft: boolean,
): Promise<void> {
  const query = `locale=${locale}${draft ? '&draft=true' : ''}`
  const response = await asAdmin(`/api/globals/${slug}?${query}`, {
    method: 'POST',
    body: JSON.stringify({ ...body, _status: draft ? 'draft' : 'published' }),
  })
  if (!response.ok) throw new Error(`POST ${slug}: ${response.status} ${await response.text()}`)
}

const publish = (slug: string, locale: string, body: Record<string, unknown>) =>
  writeGlobal(slug, locale, body, false)
const saveDraft = (slug: string, locale: string, body: Record<string, unknown>) =>
  writeGlobal(slug, locale, body, true)

/** The JSON-LD blocks of an HTML page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  )
}

const organizationOf = (html: string) =>
  jsonLd(html).find((block) => block['@type'] === 'Organization')

describe('site settings', () => {
  it('with nothing published, pages, twins and JSON-LD say what they always said', async () => {
    const es = await read('/es', baseUrl())
    expect(es.status).toBe(200)
    for (const text of [TODAY.esHero, TODAY.esCta, TODAY.esFooter]) expect(es.text).toContain(text)
    expect(es.text).toContain('href="/es/contact"')
    expect((await read('/en', baseUrl())).text).toContain(TODAY.enHero)
    expect((await read('/es.md', baseUrl())).text).toContain(`# ${TODAY.esHero}`)
    const contact = await read('/es/contact', baseUrl())
    expect(contact.text).toContain('<h1>Contacto</h1>')
    expect(contact.text).toContain(TODAY.esContact)
    expect(organizationOf(es.text)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': expect.stringMatching(/\/#organization$/),
      name: 'Meridian Consulting',
      url: expect.stringMatching(/\/es$/),
      description: expect.stringContaining('Meridian Consulting ayuda'),
      logo: expect.stringMatching(/\/og-default\.png$/),
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'sales inquiries',
        url: expect.stringMatching(/\/es\/contact$/),
      },
    })
  })

  it('anonymous callers read no settings global, drafts least of all', async () => {
    await saveDraft('home', 'es', { hero: { ...ES_HERO, heading: `Draft ${uniqueSlug('h')}` } })
    for (const path of [
      '/api/globals/home',
      '/api/globals/home?draft=true&locale=es',
      '/api/globals/site-settings',
      '/api/globals/navigation?draft=true',
      '/api/globals/contact-page',
      '/api/globals/home/versions',
    ]) {
      const { status } = await getJson(path)
      expect([401, 403], path).toContain(status)
    }
    const { status } = await getJson('/api/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ Home(draft: true, locale: es) { hero { heading } } }' }),
    })
    expect(status).toBe(401)
  })

  it('a saved draft changes nothing public', async () => {
    const newest = '/api/posts?locale=en&limit=1&sort=-createdAt'
    await warm(['/es', '/es/contact', newest])
    const draft = `Draft ${uniqueSlug('hero')}`
    await saveDraft('home', 'es', { hero: { ...ES_HERO, heading: draft } })
    // A change committed after the draft: once the second instance has heard it, it has heard
    // whatever the draft's save notified (notifications arrive in commit order).
    const later = await createDocument('posts', { status: 'published' })
    await poll('the later post', async () =>
      (await read(newest)).text.includes(later.slug) ? true : undefined,
    )
    expect((await read('/es/contact')).cache).toBe('HIT')
    for (const path of ['/es', '/es.md']) expect((await read(path)).text).not.toContain(draft)
    expect((await read('/es', baseUrl())).text).not.toContain(draft)
  })

  it('a published Spanish hero and firm facts show on every instance; API documents stay cached', async () => {
    const apiDocument = `/api/posts/${post.id}?locale=en`
    await warm(['/es', '/es.md', '/en', apiDocument, '/openapi.json'])
    const heading = `Consultoría ${uniqueSlug('publicada')}`
    await publish('home', 'es', { hero: { ...ES_HERO, heading } })
    await publish('site-settings', 'es', {
      organization: {
        legalName: 'Meridian Consulting S.L.',
        email: 'hola@example.com',
        logo: '/og-default.png',
        sameAs: [{ url: 'https://www.linkedin.com/company/meridian-example' }],
      },
    })
    await poll('the new hero on /es, its twin and the firm facts', async () => {
      const [page, twin] = await Promise.all([read('/es'), read('/es.md')])
      const organization = organizationOf(page.text)
      return page.text.includes(`<h1>${heading}</h1>`) &&
        twin.text.includes(`# ${heading}`) &&
        organization?.legalName === 'Meridian Consulting S.L.'
        ? true
        : undefined
    })
    const organization = organizationOf((await read('/es')).text)
    expect(organization).toMatchObject({
      email: 'hola@example.com',
      sameAs: ['https://www.linkedin.com/company/meridian-example'],
    })
    // English was not changed: still today's hero (its fields were never saved in English).
    expect((await read('/en')).text).toContain(TODAY.enHero)
    for (const path of [apiDocument, '/openapi.json'])
      expect((await read(path)).cache, path).toBe('HIT')
    // The instance that took the write shows it too.
    await poll('the new hero on the first instance', async () =>
      (await read('/es', baseUrl())).text.includes(heading) ? true : undefined,
    )
  })
})
