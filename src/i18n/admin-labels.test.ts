import config from '@payload-config'
import { describe, expect, it } from 'vitest'

import { ADMIN_MESSAGES } from './admin-messages'
import { adminLabels, englishLabels, labelProblem } from './admin-labels'

/** Every string an admin message can produce, by its path (functions called with samples). */
function messageStrings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]]
  if (typeof value === 'function') {
    const call = value as (...args: unknown[]) => unknown
    return [
      [`${path}(1)`, String(call(1))],
      [`${path}(7)`, String(call(7))],
    ]
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => messageStrings(inner, `${path}.${key}`))
  }
  return []
}

describe('the admin’s labels', () => {
  it('finds the labels of collections, globals, nested fields, options and locales', async () => {
    const labels = adminLabels(await config)
    const where = labels.map((label) => label.where)
    expect(where).toContain('collection posts plural')
    expect(where).toContain('global home.tabs[hero] label')
    expect(where).toContain('collection case-studies.collapsible.results.row.value label')
    expect(where).toContain('collection users.roles option editor')
    expect(where).toContain('locale es label')
  })

  it('gives every label the project defines English and Spanish words of its own', async () => {
    const problems = adminLabels(await config)
      .map(({ where, value }) => {
        const problem = labelProblem(value)
        return problem ? `${where}: ${problem}` : null
      })
      .filter((problem) => problem !== null)
    expect(problems).toEqual([])
  })

  it('tells a label in English only, one without Spanish, and Spanish copied from English', () => {
    expect(labelProblem('Title')).toMatch(/English only/)
    expect(labelProblem({ en: 'Title' })).toMatch(/no es text/)
    expect(labelProblem({ en: 'Title', es: 'Title' })).toMatch(/Spanish is the English/)
    expect(labelProblem({ en: 'Slug', es: 'Slug' })).toBeNull()
    expect(labelProblem({ en: 'Title', es: 'Título' })).toBeNull()
  })

  it('names the content languages in the admin’s language', async () => {
    const { localization } = await config
    expect(localization && localization.locales.map((locale) => locale.label)).toEqual([
      { en: 'English', es: 'Inglés' },
      { en: 'Spanish', es: 'Español' },
    ])
  })

  it('writes dates with a localized format token, not English words and ordinals', async () => {
    const { admin } = await config
    expect(admin.dateFormat).toBe('PPp')
  })

  it('gives the project’s admin components Spanish words of their own', () => {
    const english = new Map(messageStrings(ADMIN_MESSAGES.en, 'en'))
    const spanish = messageStrings(ADMIN_MESSAGES.es, 'en')
    expect(spanish.map(([path]) => path)).toEqual([...english.keys()])
    const copied = spanish.filter(([path, text]) => english.get(path) === text)
    expect(copied).toEqual([])
  })

  it('collects the English words the Spanish admin must not show', async () => {
    const words = englishLabels(await config)
    expect(words).toContain('Case studies')
    expect(words).not.toContain('Slug')
  })
})
