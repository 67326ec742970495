import { LOCALE_LABELS, type Locale } from '@/i18n/locales'
import { pathInLocale } from '@/site/routes'

/**
 * Links the current page to its translation: same path (slugs are shared) and query, other
 * locale. A plain link: another language is another document (`<html lang>`, header and footer
 * are rendered for the locale of the URL). A document not translated into a language has no
 * link to it.
 */
export interface PageTranslations {
  /** The page the languages were found for (null outside the site's pages). */
  path: string | null
  /** Its query, without the `?` (the search page's terms), kept by the links. */
  query: string
  locales: readonly Locale[]
}

/**
 * The part of a page's query its translation keeps: the search's terms, but not a list's page
 * number: each language lists its own documents, so page 16 of one may not exist in the other.
 */
export function translatedQuery(query: string): string {
  const kept = new URLSearchParams(query)
  kept.delete('page')
  return kept.toString()
}

export function LanguageSwitcher({
  locale,
  label,
  translations: { path, query, locales },
}: {
  locale: Locale
  label: string
  translations: PageTranslations
}) {
  // Pages outside the locales (the API reference) have no translation to link to.
  if (path === null || !/^\/[a-z]{2}(?=\/|$)/.test(path)) return null
  const kept = translatedQuery(query)
  return (
    <nav aria-label={label} className="lang-switch">
      {locales
        .filter((other) => other !== locale)
        .map((other) => {
          const href = pathInLocale(path, other) + (kept ? `?${kept}` : '')
          return (
            <a key={other} href={href} hrefLang={other} lang={other}>
              {LOCALE_LABELS[other]}
            </a>
          )
        })}
    </nav>
  )
}
