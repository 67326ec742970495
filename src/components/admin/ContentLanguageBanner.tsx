'use client'

import { useLocale, useTranslation } from '@payloadcms/ui'
import type { CSSProperties } from 'react'

import { adminMessages } from '@/i18n/admin-messages'
import { DEFAULT_LOCALE, isLocale } from '@/i18n/locales'

/** Another language than the default stands out: it is the one an editor forgets they chose. */
const STYLE: CSSProperties = {
  padding: '0.25rem 0.75rem',
  borderRadius: '999px',
  fontWeight: 600,
  whiteSpace: 'nowrap',
  color: 'var(--theme-text)',
}
const BACKGROUND = {
  default: 'var(--theme-elevation-100)',
  other: 'var(--theme-warning-100)',
} as const

/**
 * "Editing: Spanish content", beside the document's controls on every edit view of localized
 * content (src/content-language/plugin.ts): the content language Payload keeps from one screen to
 * the next, said in the editor's admin language, so the next document never opens in Spanish
 * without a word.
 */
export function ContentLanguageBanner() {
  const locale = useLocale()
  const { i18n } = useTranslation()
  const code = isLocale(locale?.code) ? locale.code : DEFAULT_LOCALE
  const words = adminMessages(i18n.language)
  return (
    <div
      className="content-language-banner"
      data-content-locale={code}
      role="status"
      title={words.contentLanguageHint}
      style={{
        ...STYLE,
        background: code === DEFAULT_LOCALE ? BACKGROUND.default : BACKGROUND.other,
      }}
    >
      {words.editingContent(words.languageNames[code])}
    </div>
  )
}
