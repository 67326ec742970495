import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages'
import { AGENT_PATHS } from '@/site/agent-paths'
import { feedPath } from '@/site/metadata'
import { paths } from '@/site/routes'
import type { SiteSettings } from '@/site/settings'

/**
 * The footer: who the firm is, how to reach it, and the legal and reading links. Agents' entry
 * points (llms.txt, the MCP server card) are announced in every page's head, robots.txt and
 * llms.txt, not here; the API reference stays, for developers.
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
            <li>
              <a href={paths.privacy(locale)}>{t.footer.privacy}</a>
            </li>
            <li>
              <a href={feedPath(locale)}>{t.footer.feed}</a>
            </li>
            <li>
              <a href={AGENT_PATHS.apiReference} hrefLang="en">
                {t.footer.apiReference}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  )
}
