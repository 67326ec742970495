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

/**
 * The path and query (without its `?`) of the current site page, as the project's server saw them (src/site/routing.ts), or
 * null outside the site's pages.
 */
export async function requestPage(): Promise<{ path: string; query: string } | null> {
  const value = (await headers()).get(PAGE_PATH_HEADER)
  if (value === null) return null
  const queryAt = value.indexOf('?')
  return queryAt === -1
    ? { path: value, query: '' }
    : { path: value.slice(0, queryAt), query: value.slice(queryAt + 1) }
}
