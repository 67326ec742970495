import { afterEach, describe, expect, it } from 'vitest'

import { asAdminJson, get, getJson } from '../support/api'
import { waitUntil } from '../support/poll'
import { nonce } from '../support/search-content'
import { createService, removeServices, unpublishService } from '../support/services'

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

afterEach(removeServices)

describe('services in the site search', () => {
  it('finds a published service by its title and its texts in each language, at its page', async () => {
    const [titleEn, doEn, engagementEn, titleEs, doEs] = [
      nonce(),
      nonce(),
      nonce(),
      nonce(),
      nonce(),
    ]
    const id = await createService('software-engineering', {
      en: {
        title: `Software ${titleEn}`,
        summary: 'A summary.',
        whatWeDo: `We build ${doEn} systems.`,
        engagement: `Usually ${engagementEn} weeks.`,
      },
      es: {
        title: `Software ${titleEs}`,
        summary: 'Un resumen.',
        whatWeDo: `Construimos sistemas ${doEs}.`,
      },
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
    await createService(
      'machine-learning',
      {
        en: { title: `Draft ${draftWord}`, summary: 'A summary.', whatWeDo: draftWord },
        es: { title: `Borrador ${draftWord}`, summary: 'Un resumen.', whatWeDo: draftWord },
      },
      'draft',
    )
    const id = await createService('cloud', {
      en: {
        title: `Cloud ${englishOnly}`,
        summary: 'A summary.',
        whatWeDo: `Moving ${englishOnly} workloads.`,
      },
    })
    expect((await q(draftWord)).totalDocs).toBe(0)
    const { docs } = await q(englishOnly)
    expect(docs.map((hit) => [hit.id, hit.locale])).toEqual([[id, 'en']])
    expect((await q(englishOnly, 'es')).totalDocs).toBe(0)
  })

  it('follows publishing: unpublished or deleted, a service goes', async () => {
    const word = nonce()
    const id = await createService('software-engineering', {
      en: { title: 'Comes and goes', summary: 'A summary.', whatWeDo: `About ${word}.` },
      es: { title: 'Viene y va', summary: 'Un resumen.', whatWeDo: `Sobre ${word}.` },
    })
    const found = async (locale: 'en' | 'es') =>
      (await q(word, locale)).docs.some((hit) => hit.id === id)
    await until('found', async () => (await found('en')) && (await found('es')))
    await unpublishService(id)
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
