import type { Metadata } from 'next'
import { draftMode, headers } from 'next/headers'
import { notFound } from 'next/navigation'

import { DocumentArticle } from '@/components/DocumentArticle'
import { LivePreviewRefresh } from '@/components/LivePreviewRefresh'
import { env } from '@/env'
import { isLocale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'

import { findDocumentBySlug, findDocumentForPreview } from './content'
import { asMedia, ogImagePath } from './media'
import { pageMetadata } from './metadata'
import { paths, type PageCollection } from './routes'

type Props = { params: Promise<{ locale: string; slug: string }> }

/**
 * The page of one post or case study (`/{locale}/blog/{slug}`, `/{locale}/case-studies/{slug}`):
 * its metadata and its content, the published version — or, in draft preview for a signed-in
 * editor, the latest draft.
 */
export function documentRoute(collection: PageCollection) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale, slug } = await params
    if (!isLocale(locale)) return {}
    const doc = await findDocumentBySlug(collection, locale, slug)
    if (!doc) return {}
    return pageMetadata({
      locale,
      pathFor: (target) => paths.document(collection, target, doc.slug),
      title: doc.meta?.title || doc.title,
      description: doc.meta?.description || doc.excerpt || '',
      image: ogImagePath(asMedia(doc.meta?.image) ?? asMedia(doc.coverImage)),
      type: 'article',
      publishedTime: doc.publishedAt,
      modifiedTime: doc.updatedAt,
    })
  }

  async function Page({ params }: Props) {
    const { locale, slug } = await params
    if (!isLocale(locale)) notFound()
    const preview = (await draftMode()).isEnabled
    const doc = preview
      ? await findDocumentForPreview(collection, locale, slug, new Headers(await headers()))
      : await findDocumentBySlug(collection, locale, slug)
    if (!doc) notFound()
    return (
      <>
        {preview ? <LivePreviewRefresh serverURL={env.SITE_URL} /> : null}
        <DocumentArticle
          collection={collection}
          doc={doc}
          locale={locale}
          t={messagesFor(locale)}
        />
      </>
    )
  }

  return { generateMetadata, Page }
}
