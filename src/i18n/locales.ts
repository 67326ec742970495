/** The one locale list: Payload's localization and the site's routing both read it. */
export const LOCALES = ['en', 'es'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

export const LOCALE_LABELS: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** Set by the project's server on every site page request (src/site/routing.ts): the URL's locale. */
export const LOCALE_HEADER = 'x-site-locale'

/**
 * Set beside the locale: the page's path and query (which translations it has,
 * where its language links and navigation point).
 */
export const PAGE_PATH_HEADER = 'x-site-page'
