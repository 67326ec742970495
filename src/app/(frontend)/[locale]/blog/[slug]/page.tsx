import type { Metadata } from 'next'
import { draftMode, headers } from 'next/headers'
import { notFound } from 'next/navigation'

import { DocumentArticle } from '@/components/DocumentArticle'
import { isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { findDocumentBySlug, findDocumentForPreview } from '@/site/content'
import { asMedia, ogImagePath } from '@/site/media'
import { pageMetadata } from '@/site/metadata'
import { paths } from '@/site/routes'

type Props = { params: Promise<{ locale: string; slug: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params
  if (!isLocale(locale)) return {}
  const doc = await findDocumentBySlug('posts', locale, slug)
  if (!doc) return {}
  return pageMetadata({
    locale,
    pathFor: (target) => paths.post(target, doc.slug),
    title: doc.meta?.title || doc.title,
    description: doc.meta?.description || doc.excerpt || '',
    image: ogImagePath(asMedia(doc.meta?.image) ?? asMedia(doc.coverImage)),
    type: 'article',
    publishedTime: doc.publishedAt,
    modifiedTime: doc.updatedAt,
  })
}

export default async function Page({ params }: Props) {
  const { locale, slug } = await params
  if (!isLocale(locale)) notFound()
  const preview = (await draftMode()).isEnabled
  const doc = preview
    ? await findDocumentForPreview('posts', locale, slug, new Headers(await headers()))
    : await findDocumentBySlug('posts', locale, slug)
  if (!doc) notFound()
  return <DocumentArticle collection="posts" doc={doc} locale={locale} t={messagesFor(locale)} />
}
