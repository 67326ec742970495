import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages'
import { AGENT_PATHS } from '@/site/agent-paths'
import { SITE } from '@/site/config'
import { feedPath } from '@/site/metadata'

export function SiteFooter({
  locale,
  t,
  text,
}: {
  locale: Locale
  t: Messages
  /** The line after the copyright, from the navigation settings. */
  text: string
}) {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>
          © {new Date().getUTCFullYear()} {SITE.name}. {text}
        </p>
        <ul>
          <li>
            <a href={feedPath(locale)}>{t.footer.feed}</a>
          </li>
          <li>
            <a href="/llms.txt">{t.footer.forAgents}</a>
          </li>
          <li>
            <a href={AGENT_PATHS.apiReference} hrefLang="en">
              {t.footer.apiReference}
            </a>
          </li>
        </ul>
      </div>
    </footer>
  )
}
