import { RichText } from '@payloadcms/richtext-lexical/react'
import type { Metadata } from 'next'
import { draftMode } from 'next/headers'

import { LivePreviewRefresh } from '@/components/LivePreviewRefresh'
import { env } from '@/env'
import { isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { pageSettings } from '@/site/settings'
import { pageMetadata } from '@/site/metadata'
import { notFoundMetadata, notFoundPage } from '@/site/not-found'
import { privacyPage } from '@/site/privacy'
import { paths } from '@/site/routes'

type Props = { params: Promise<{ locale: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundMetadata()
  const { title } = await privacyPage(locale)
  return pageMetadata({
    locale,
    siteName: (await pageSettings(locale)).siteName,
    pathFor: paths.privacy,
    title,
    description: messagesFor(locale).privacy.description,
  })
}

/** How the site handles personal data: the editors' `privacy-page` global, in each language. */
export default async function PrivacyPage({ params }: Props) {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundPage()
  const [privacy, preview] = await Promise.all([
    privacyPage(locale),
    draftMode().then((mode) => mode.isEnabled),
  ])
  return (
    <article className="container prose">
      {preview ? <LivePreviewRefresh serverURL={env.SITE_URL} /> : null}
      <h1>{privacy.title}</h1>
      <RichText data={privacy.body} />
    </article>
  )
}
