'use client'

import { usePathname, useSearchParams } from 'next/navigation'

import { LOCALE_LABELS, LOCALES, type Locale } from '@/i18n/locales'

/**
 * Links the current page to its translation: same path (slugs are shared), other locale. A plain
 * link, not a client-side navigation: another language is another document (`<html lang>`,
 * header and footer are rendered for the locale of the URL). A document not translated into a
 * language has no link to it.
 */
export interface PageTranslations {
  /** The page the languages were found for, as the server rendered it. */
  path: string | null
  locales: readonly Locale[]
}

export function LanguageSwitcher({
  locale,
  label,
  translations,
}: {
  locale: Locale
  label: string
  translations: PageTranslations
}) {
  const pathname = usePathname()
  // The server knows which languages the page it rendered exists in; after a client-side
  // navigation elsewhere (the root layout stays), every language is offered as before.
  const offered = pathname === translations.path ? translations.locales : LOCALES
  const search = useSearchParams().toString()
  // Pages outside the locales (the API reference) have no translation to link to.
  if (!/^\/[a-z]{2}(?=\/|$)/.test(pathname)) return null
  return (
    <nav aria-label={label} className="lang-switch">
      {offered
        .filter((other) => other !== locale)
        .map((other) => {
          const href =
            pathname.replace(/^\/[a-z]{2}(?=\/|$)/, `/${other}`) + (search ? `?${search}` : '')
          return (
            <a key={other} href={href} hrefLang={other} lang={other}>
              {LOCALE_LABELS[other]}
            </a>
          )
        })}
    </nav>
  )
}
