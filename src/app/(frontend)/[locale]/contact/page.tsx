import type { Metadata } from 'next'

import { ContactForm } from '@/components/ContactForm'
import { isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { pageMetadata } from '@/site/metadata'
import { notFoundMetadata, notFoundPage } from '@/site/not-found'
import { paths } from '@/site/routes'

import { sendContactForm } from './actions'

type Props = { params: Promise<{ locale: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundMetadata()
  const t = messagesFor(locale).contact
  return pageMetadata({
    locale,
    pathFor: paths.contact,
    title: t.title,
    description: t.description,
  })
}

export default async function ContactPage({ params }: Props) {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundPage()
  const t = messagesFor(locale).contact
  return (
    <div className="container prose">
      <h1>{t.title}</h1>
      <p>{t.description}</p>
      <ContactForm action={sendContactForm} locale={locale} permalink={paths.contact(locale)} />
    </div>
  )
}
