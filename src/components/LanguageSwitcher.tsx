'use client'

import { usePathname, useSearchParams } from 'next/navigation'

import { LOCALE_LABELS, LOCALES, type Locale } from '@/i18n/locales'

/**
 * Links the current page to its translation: same path (slugs are shared), other locale. A plain
 * link, not a client-side navigation: another language is another document (`<html lang>`,
 * header and footer are rendered for the locale of the URL).
 */
export function LanguageSwitcher({ locale, label }: { locale: Locale; label: string }) {
  const pathname = usePathname()
  const search = useSearchParams().toString()
  // Pages outside the locales (the API reference) have no translation to link to.
  if (!/^\/[a-z]{2}(?=\/|$)/.test(pathname)) return null
  return (
    <nav aria-label={label} className="lang-switch">
      {LOCALES.filter((other) => other !== locale).map((other) => {
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
