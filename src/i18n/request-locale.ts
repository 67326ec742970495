import { headers } from 'next/headers'

import { DEFAULT_LOCALE, isLocale, LOCALE_HEADER, PAGE_PATH_HEADER, type Locale } from './locales'

/**
 * The locale of the current request, for the parts of the page above the `[locale]` segment
 * (the root layout and the not-found page, which Next.js renders without route params).
 */
export async function requestLocale(): Promise<Locale> {
  const value = (await headers()).get(LOCALE_HEADER)
  return isLocale(value) ? value : DEFAULT_LOCALE
}

/** The path of the current site page (set by src/proxy.ts), or null outside the site's pages. */
export async function requestPagePath(): Promise<string | null> {
  return (await headers()).get(PAGE_PATH_HEADER)
}
