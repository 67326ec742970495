'use client'

import Link from 'next/link'
import { usePathname, useSearchParams } from 'next/navigation'

import { LOCALE_LABELS, LOCALES, type Locale } from '@/i18n/locales'

/** Links the current page to its translation: same path (slugs are shared), other locale. */
export function LanguageSwitcher({ locale, label }: { locale: Locale; label: string }) {
  const pathname = usePathname()
  const search = useSearchParams().toString()
  return (
    <nav aria-label={label} className="lang-switch">
      {LOCALES.filter((other) => other !== locale).map((other) => {
        const href =
          pathname.replace(/^\/[a-z]{2}(?=\/|$)/, `/${other}`) + (search ? `?${search}` : '')
        return (
          <Link key={other} href={href} hrefLang={other} lang={other} prefetch={false}>
            {LOCALE_LABELS[other]}
          </Link>
        )
      })}
    </nav>
  )
}
