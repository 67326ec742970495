import type { DefaultServerCellComponentProps } from 'payload'

import { LOCALE_LABELS, LOCALES } from '@/i18n/locales'
import type { PageCollection } from '@/site/routes'
import { translatedLocales } from '@/site/translations'

/**
 * The list column "Translations": which languages a post or case study lacks, by the same rule
 * the site uses to list it (src/site/listed.ts), so an editor sees what `/es` will leave
 * out. It reads the document's current (published or first-draft) state.
 */
export async function TranslationsCell({
  payload,
  rowData,
  collectionConfig,
}: DefaultServerCellComponentProps) {
  const raw = rowData?.id
  const id = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : NaN
  if (!Number.isSafeInteger(id) || id < 1) return null
  const has = await translatedLocales(payload, collectionConfig.slug as PageCollection, id)
  const missing = LOCALES.filter((locale) => !has.includes(locale))
  if (missing.length === 0) return <span>All languages</span>
  return (
    <strong data-missing-translations={missing.join(' ')}>
      {`Missing: ${missing.map((locale) => LOCALE_LABELS[locale]).join(', ')}`}
    </strong>
  )
}
