import { describe, expect, it } from 'vitest'

import { LOCALES } from '@/i18n/locales'

import { PRIVACY_DEFAULTS } from './privacy-defaults'

/** The default text's words, every node's text joined. */
function wordsOf(node: unknown): string {
  if (node === null || typeof node !== 'object') return ''
  const { text, children } = node as { text?: unknown; children?: unknown }
  const own = typeof text === 'string' ? text : ''
  const inner = Array.isArray(children) ? children.map(wordsOf).join(' ') : ''
  return `${own} ${inner}`
}

const COUNTS_NOTICE = {
  en: [/count requests per day/, /no IP address/, /400 days/],
  es: [/contamos las visitas por día/, /dirección IP/, /400 días/],
} as const

const SOURCE_AND_AUDIT_NOTICE = {
  en: [/the page of this site you sent it from/, /never the full address/, /audit log/, /365 days/],
  es: [
    /desde la que la enviaste/,
    /nunca la dirección completa/,
    /registro de auditoría/,
    /365 días/,
  ],
} as const

describe('the privacy page by default', () => {
  it.each(LOCALES)(
    'in %s, tells senders what an inquiry keeps of where it came from, and accounts about the audit log',
    (locale) => {
      const words = wordsOf(PRIVACY_DEFAULTS[locale].body.root)
      for (const pattern of SOURCE_AND_AUDIT_NOTICE[locale]) expect(words).toMatch(pattern)
    },
  )

  it.each(LOCALES)('in %s, tells visitors about the aggregated audience counts', (locale) => {
    const words = wordsOf(PRIVACY_DEFAULTS[locale].body.root)
    for (const pattern of COUNTS_NOTICE[locale]) expect(words).toMatch(pattern)
  })
})
