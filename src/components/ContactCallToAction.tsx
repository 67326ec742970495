import type { Locale } from '@/i18n/locales'
import type { Messages } from '@/i18n/messages'
import { paths } from '@/site/routes'

/** The invitation to get in touch that ends every post and case study. */
export function ContactCallToAction({ locale, t }: { locale: Locale; t: Messages }) {
  return (
    <aside className="contact-cta" aria-labelledby="contact-cta-heading">
      <h2 id="contact-cta-heading">{t.document.cta.heading}</h2>
      <p>{t.document.cta.body}</p>
      <a className="button" href={paths.contact(locale)}>
        {t.document.cta.button}
      </a>
    </aside>
  )
}
