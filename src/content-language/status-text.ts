import { adminMessages } from '@/i18n/admin-messages'
import type { Locale } from '@/i18n/locales'

import type { ContentStatus } from './status'

/** A status's words in the admin's language, naming the content language where it matters. */
export function statusText(status: ContentStatus, locale: Locale, adminLanguage: unknown): string {
  const words = adminMessages(adminLanguage)
  if (status === 'notTranslated') return words.status.notTranslated(words.languageNames[locale])
  return words.status[status]
}
