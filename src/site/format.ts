import { LOCALES, type Locale } from '@/i18n/locales'

/**
 * One formatter per locale, made once: building an `Intl.DateTimeFormat` costs about 0.1 ms, a
 * hundred times formatting with it, and pages and twins date every card and related post they
 * show (half a millisecond of a post twin's few milliseconds went to making formatters).
 */
const longDates = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
  ]),
) as Record<Locale, Intl.DateTimeFormat>

export function formatDate(iso: string, locale: Locale): string {
  return longDates[locale].format(new Date(iso))
}
