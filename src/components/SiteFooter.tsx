import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages'
import { paths } from '@/site/routes'
import type { SiteSettings } from '@/site/settings'

/**
 * The footer: who the firm is (and its About page), how to reach it, and the legal links, with one discreet link for
 * developers (their page links the API reference). Agents' entry points (llms.txt, the MCP server
 * card) and the RSS feeds are announced in every page's head (the feeds as
 * `<link rel="alternate" type="application/rss+xml">`, src/site/metadata.ts, which browsers and
 * feed readers discover), robots.txt and llms.txt, not here.
 */
export function SiteFooter({
  locale,
  t,
  settings,
}: {
  locale: Locale
  t: Messages
  settings: SiteSettings
}) {
  const { organization } = settings
  return (
    <footer className="site-footer">
      <div className="container">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{settings.siteName}</h2>
          <p>{settings.tagline}</p>
          <p>
            © {new Date().getUTCFullYear()} {organization.legalName || settings.siteName}.{' '}
            {settings.navigation.footerText}
          </p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t.footer.contact}</h2>
          <address>
            <ul>
              {organization.email ? (
                <li>
                  <a href={`mailto:${organization.email}`}>{organization.email}</a>
                </li>
              ) : null}
              <li>
                <a href={paths.contact(locale)}>{t.footer.contactForm}</a>
              </li>
            </ul>
          </address>
        </section>
        <nav aria-labelledby="footer-more">
          <h2 id="footer-more">{t.footer.more}</h2>
          <ul>
            {settings.aboutPage ? (
              <li>
                <a href={paths.about(locale)}>{t.footer.about}</a>
              </li>
            ) : null}
            <li>
              <a href={paths.privacy(locale)}>{t.footer.privacy}</a>
            </li>
            <li>
              <a href={paths.developers(locale)}>{t.footer.developers}</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  )
}
