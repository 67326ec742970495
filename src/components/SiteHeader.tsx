import Link from 'next/link'
import { Suspense } from 'react'

import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages'
import { SITE } from '@/site/config'
import { paths } from '@/site/routes'

import { LanguageSwitcher } from './LanguageSwitcher'
import { NavLink } from './NavLink'

export function SiteHeader({ locale, t }: { locale: Locale; t: Messages }) {
  return (
    <header className="site-header">
      <div className="container">
        <Link href={paths.home(locale)} className="brand">
          {SITE.name}
        </Link>
        <nav aria-label={t.nav.label} className="site-nav">
          <ul>
            <li>
              <NavLink href={paths.blog(locale)}>{t.nav.blog}</NavLink>
            </li>
            <li>
              <NavLink href={paths.caseStudies(locale)}>{t.nav.caseStudies}</NavLink>
            </li>
            <li>
              <NavLink href={paths.contact(locale)}>{t.nav.contact}</NavLink>
            </li>
          </ul>
        </nav>
        <Suspense>
          <LanguageSwitcher locale={locale} label={t.languageSwitcher.label} />
        </Suspense>
      </div>
    </header>
  )
}
