import { afterEach, describe, expect, it } from 'vitest'

import { asAdmin, asAdminJson, get, getJson } from '../support/api'
import { waitUntil } from '../support/poll'
import { nonce } from '../support/search-content'

/**
 * Services in the site search (the search-services migration): found by their title and texts
 * in each language they are translated into, at their page (`/en/services/{key}`,
 * `/es/servicios/{key}`); drafts, untranslated languages and unpublished services never.
 * A service's key is unique, so each test removes its services (services-and-developers.test.ts
 * uses data-platforms and security; these keys are others).
 */

type Hit = {
  collection: string
  id: number
  locale: string
  slug: string
  url: string
  publishedAt: string | null
}
type Results = { docs: Hit[]; totalDocs: number }

const q = (text: string, locale?: 'en' | 'es') =>
  getJson<Results>(
    `/api/search?q=${encodeURIComponent(text)}${locale ? `&locale=${locale}` : ''}`,
  ).then(({ body }) => body)

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  await waitUntil(what, check, {
    withinMs: 10_000,
    everyMs: 250,
    timeout: `${what}: not within the time limit`,
  })
}

const created: number[] = []

afterEach(async () => {
  for (const id of created.splice(0)) await asAdmin(`/api/services/${id}`, { method: 'DELETE' })
})

interface ServiceText {
  title: string
  summary?: string
  whatWeDo?: string
  engagement?: string
}

/** A service with `key` (any left by an earlier run removed first), in English and maybe Spanish. */
async function createService(
  key: string,
  status: 'published' | 'draft',
  texts: { en: ServiceText; es?: ServiceText },
): Promise<number> {
  const existing = await asAdminJson<{ docs: { id: number }[] }>(
    `/api/services?where[key][equals]=${key}&draft=true&depth=0&limit=10`,
  )
  for (const { id } of existing.docs) await asAdmin(`/api/services/${id}`, { method: 'DELETE' })
  const draft = status === 'draft' ? '&draft=true' : ''
  const { doc } = await asAdminJson<{ doc: { id: number } }>(`/api/services?locale=en${draft}`, {
    method: 'POST',
    body: JSON.stringify({ key, summary: 'A summary.', ...texts.en, _status: status }),
  })
  created.push(doc.id)
  if (texts.es) {
    await asAdminJson(`/api/services/${doc.id}?locale=es${draft}`, {
      method: 'PATCH',
      body: JSON.stringify({ summary: 'Un resumen.', ...texts.es, _status: status }),
    })
  }
  return doc.id
}

describe('services in the site search', () => {
  it('finds a published service by its title and its texts in each language, at its page', async () => {
    const [titleEn, doEn, engagementEn, titleEs, doEs] = [
      nonce(),
      nonce(),
      nonce(),
      nonce(),
      nonce(),
    ]
    const id = await createService('software-engineering', 'published', {
      en: {
        title: `Software ${titleEn}`,
        whatWeDo: `We build ${doEn} systems.`,
        engagement: `Usually ${engagementEn} weeks.`,
      },
      es: { title: `Software ${titleEs}`, whatWeDo: `Construimos sistemas ${doEs}.` },
    })
    for (const [word, locale, path] of [
      [titleEn, 'en', '/en/services/software-engineering'],
      [doEn, 'en', '/en/services/software-engineering'],
      [engagementEn, 'en', '/en/services/software-engineering'],
      [titleEs, 'es', '/es/servicios/software-engineering'],
      [doEs, 'es', '/es/servicios/software-engineering'],
    ] as const) {
      const { docs } = await q(word, locale)
      expect(docs, word).toHaveLength(1)
      expect(docs[0]).toMatchObject({
        collection: 'services',
        id,
        locale,
        slug: 'software-engineering',
        publishedAt: null,
      })
      expect(docs[0]!.url.endsWith(path), docs[0]!.url).toBe(true)
    }
    // Each language is its own row: the English title is not in the Spanish one.
    expect((await q(titleEn, 'es')).totalDocs).toBe(0)

    // The search page links it and says what it is, in each language.
    const en = await (await get(`/en/search?q=${titleEn}`)).text()
    expect(en).toContain('href="/en/services/software-engineering"')
    expect(en).toContain('>Service</span>')
    const es = await (await get(`/es/search?q=${titleEs}`)).text()
    expect(es).toContain('href="/es/servicios/software-engineering"')
    expect(es).toContain('>Servicio</span>')
  })

  it('never finds a draft, nor a language without a title of its own', async () => {
    const draftWord = nonce()
    const englishOnly = nonce()
    await createService('machine-learning', 'draft', {
      en: { title: `Draft ${draftWord}`, whatWeDo: draftWord },
      es: { title: `Borrador ${draftWord}`, whatWeDo: draftWord },
    })
    const id = await createService('cloud', 'published', {
      en: { title: `Cloud ${englishOnly}`, whatWeDo: `Moving ${englishOnly} workloads.` },
    })
    expect((await q(draftWord)).totalDocs).toBe(0)
    const { docs } = await q(englishOnly)
    expect(docs.map((hit) => [hit.id, hit.locale])).toEqual([[id, 'en']])
    expect((await q(englishOnly, 'es')).totalDocs).toBe(0)
  })

  it('follows publishing: unpublished or deleted, a service goes', async () => {
    const word = nonce()
    const id = await createService('software-engineering', 'published', {
      en: { title: 'Comes and goes', whatWeDo: `About ${word}.` },
      es: { title: 'Viene y va', whatWeDo: `Sobre ${word}.` },
    })
    const found = async (locale: 'en' | 'es') =>
      (await q(word, locale)).docs.some((hit) => hit.id === id)
    await until('found', async () => (await found('en')) && (await found('es')))
    await asAdminJson(`/api/services/${id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'draft' }),
    })
    await until('gone', async () => !(await found('en')) && !(await found('es')))
    await asAdminJson(`/api/services/${id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ _status: 'published' }),
    })
    await until('back', async () => (await found('en')) && (await found('es')))
    await asAdminJson(`/api/services/${id}`, { method: 'DELETE' })
    await until('deleted', async () => !(await found('en')))
  })
})
