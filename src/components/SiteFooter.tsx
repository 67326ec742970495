import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages'
import { SITE } from '@/site/config'
import { feedPath } from '@/site/metadata'

export function SiteFooter({ locale, t }: { locale: Locale; t: Messages }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>
          © {new Date().getUTCFullYear()} {SITE.name}. {t.footer.rights}
        </p>
        <ul>
          <li>
            <a href={feedPath(locale)}>{t.footer.feed}</a>
          </li>
          <li>
            <a href="/llms.txt">{t.footer.forAgents}</a>
          </li>
        </ul>
      </div>
    </footer>
  )
}
