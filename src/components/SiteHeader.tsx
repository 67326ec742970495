import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages'
import type { SettingsLink } from '@/site/settings'
import { paths } from '@/site/routes'

import { LanguageSwitcher, type PageTranslations } from './LanguageSwitcher'
import { NavLink } from './NavLink'

export function SiteHeader({
  locale,
  t,
  siteName,
  links,
  translations,
}: {
  locale: Locale
  t: Messages
  /** The firm's name, from the site settings. */
  siteName: string
  /** The header's links, from the navigation settings. */
  links: readonly SettingsLink[]
  /** The languages the page was rendered in exists in (documents may lack a translation). */
  translations: PageTranslations
}) {
  return (
    <header className="site-header">
      <div className="container">
        <a href={paths.home(locale)} className="brand">
          {siteName}
        </a>
        <nav aria-label={t.nav.label} className="site-nav">
          <ul>
            {links.map((link) => (
              <li key={`${link.href} ${link.label}`}>
                <NavLink href={link.href} pagePath={translations.path}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher
          locale={locale}
          label={t.languageSwitcher.label}
          translations={translations}
        />
      </div>
    </header>
  )
}
