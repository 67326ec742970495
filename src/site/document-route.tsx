import type { Metadata } from 'next'
import { draftMode, headers } from 'next/headers'
import { cache } from 'react'

import { DocumentArticle } from '@/components/DocumentArticle'
import { LivePreviewRefresh } from '@/components/LivePreviewRefresh'
import { env } from '@/env'
import { isLocale, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'

import { relatedPosts } from './categories'
import { findDocumentForPreview, type SiteDocument } from './content'
import { listedDocumentPage } from './published-view'
import { pageSettings } from './settings'
import { asMedia, ogImagePath } from './media'
import { pageMetadata } from './metadata'
import { notFoundMetadata, notFoundPage } from './not-found'
import { paths, type PageCollection } from './routes'
import { isIndexable } from './indexing'
import { reportDocumentPage } from './shown'
import { documentLocales } from './translations'

type Props = { params: Promise<{ locale: string; slug: string }> }

/**
 * The page of one post or case study (`/{locale}/blog/{slug}`, `/{locale}/case-studies/{slug}`):
 * its metadata and its content, the published version — or, in draft preview for a signed-in
 * editor, the latest draft.
 */
export function documentRoute(collection: PageCollection) {
  // Read once per request: the metadata and the page both need it.
  const publishedDocument = cache((locale: Locale, slug: string) =>
    listedDocumentPage(collection, locale, slug),
  )

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const { locale, slug } = await params
    if (!isLocale(locale)) return notFoundMetadata()
    const doc = (await publishedDocument(locale, slug))?.doc
    // In draft preview a document may exist only as a draft: the page shows it, under the site's title.
    if (!doc) return (await draftMode()).isEnabled ? {} : notFoundMetadata(locale)
    return pageMetadata({
      locale,
      siteName: (await pageSettings(locale)).siteName,
      pathFor: (target) => paths.document(collection, target, doc.slug),
      title: doc.meta?.title || doc.title,
      description: doc.meta?.description || doc.excerpt || '',
      image: ogImagePath(asMedia(doc.meta?.image) ?? asMedia(doc.coverImage)),
      type: 'article',
      publishedTime: doc.publishedAt,
      modifiedTime: doc.updatedAt,
      locales: await documentLocales(collection, doc.slug),
      noindex: !isIndexable(doc),
    })
  }

  async function Page({ params }: Props) {
    const { locale, slug } = await params
    if (!isLocale(locale)) return notFoundPage()
    const preview = (await draftMode()).isEnabled
    const found = preview
      ? await previewedDocument(collection, locale, slug, new Headers(await headers()))
      : await publishedDocument(locale, slug)
    if (!found) return notFoundPage(locale)
    const { doc, related } = found
    if (!preview) reportDocumentPage(collection, doc, related)
    return (
      <>
        {preview ? <LivePreviewRefresh serverURL={env.SITE_URL} /> : null}
        <DocumentArticle
          collection={collection}
          doc={doc}
          locale={locale}
          t={messagesFor(locale)}
          related={related}
          settings={await pageSettings(locale)}
        />
      </>
    )
  }

  return { generateMetadata, Page }
}

/** The latest draft of a document, for a signed-in editor's preview, and the posts it suggests. */
async function previewedDocument(
  collection: PageCollection,
  locale: Locale,
  slug: string,
  requestHeaders: Headers,
): Promise<{ doc: SiteDocument; related: SiteDocument[] } | null> {
  const doc = await findDocumentForPreview(collection, locale, slug, requestHeaders)
  if (!doc) return null
  return { doc, related: collection === 'posts' ? await relatedPosts(locale, doc) : [] }
}
