import { DEFAULT_LOCALE, isLocale, type Locale } from '@/i18n/locales'

/**
 * The language of account mail and pages: the admin language asked for (Payload's language
 * cookie, else the browser's), else the default. Kept apart so that browser code can import it.
 */
export function accountLanguage(language: unknown): Locale {
  return isLocale(language) ? language : DEFAULT_LOCALE
}
