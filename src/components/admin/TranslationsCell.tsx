import type { DefaultServerCellComponentProps } from 'payload'

import { adminMessages } from '@/i18n/admin-messages'
import { ADMIN_LOCALE_LABELS, inAdminLanguage } from '@/i18n/admin-text'
import { LOCALES } from '@/i18n/locales'
import type { PageCollection } from '@/site/routes'
import { translatedLocales } from '@/site/translated-locales'

/**
 * The list column "Translations": which languages a post or case study lacks, by the same rule
 * the site uses to list it (src/site/listed.ts), so an editor sees what `/es` will leave
 * out. It reads the document's current (published or first-draft) state.
 */
export async function TranslationsCell({
  payload,
  rowData,
  collectionConfig,
  i18n,
}: DefaultServerCellComponentProps) {
  const raw = rowData?.id
  const id = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : NaN
  if (!Number.isSafeInteger(id) || id < 1) return null
  const has = await translatedLocales(payload, collectionConfig.slug as PageCollection, id)
  const missing = LOCALES.filter((locale) => !has.includes(locale))
  const words = adminMessages(i18n?.language)
  if (missing.length === 0) return <span>{words.allLanguages}</span>
  const names = missing.map((locale) =>
    inAdminLanguage(ADMIN_LOCALE_LABELS[locale], i18n?.language),
  )
  return (
    <strong data-missing-translations={missing.join(' ')}>
      {words.missingLanguages(names.join(', '))}
    </strong>
  )
}
