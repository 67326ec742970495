import { headers } from 'next/headers'

import { DEFAULT_LOCALE, isLocale, LOCALE_HEADER, type Locale } from './locales'

/**
 * The locale of the current request, for the parts of the page above the `[locale]` segment
 * (the root layout and the not-found page, which Next.js renders without route params).
 */
export async function requestLocale(): Promise<Locale> {
  const value = (await headers()).get(LOCALE_HEADER)
  return isLocale(value) ? value : DEFAULT_LOCALE
}
