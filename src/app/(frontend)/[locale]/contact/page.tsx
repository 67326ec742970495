import type { Metadata } from 'next'

import { ContactForm } from '@/components/ContactForm'
import { isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { pageMetadata } from '@/site/metadata'
import { pageSettings } from '@/site/settings'
import { LivePreviewRefresh } from '@/components/LivePreviewRefresh'
import { env } from '@/env'
import { draftMode } from 'next/headers'
import { notFoundMetadata, notFoundPage } from '@/site/not-found'
import { paths } from '@/site/routes'
import { contactOutcome } from '@/site/contact-outcome'

import { sendContactForm } from './actions'

type Props = { params: Promise<{ locale: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundMetadata()
  const { contact } = await pageSettings(locale)
  return pageMetadata({
    locale,
    siteName: (await pageSettings(locale)).siteName,
    pathFor: paths.contact,
    title: contact.heading,
    description: contact.intro,
  })
}

export default async function ContactPage({ params }: Props) {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundPage()
  const t = messagesFor(locale).contact.next
  const [{ contact, organization }, preview] = await Promise.all([
    pageSettings(locale),
    draftMode().then((mode) => mode.isEnabled),
  ])
  return (
    <div className="container prose">
      {preview ? <LivePreviewRefresh serverURL={env.SITE_URL} /> : null}
      <h1>{contact.heading}</h1>
      <p>{contact.intro}</p>
      {/* After a post, the outcome its action recorded; on a read, the empty form. */}
      <ContactForm
        action={sendContactForm}
        locale={locale}
        state={contactOutcome() ?? { status: 'idle' }}
      />
      <section className="contact-next" aria-labelledby="contact-next">
        <h2 id="contact-next">{t.title}</h2>
        {/* Numbered by the stylesheet: the twin says what the page says, without numbers. */}
        <ul className="steps">
          {t.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        {organization.email ? (
          <p>
            {t.email} <a href={`mailto:${organization.email}`}>{organization.email}</a>.
          </p>
        ) : null}
      </section>
    </div>
  )
}
