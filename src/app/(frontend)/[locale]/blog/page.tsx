import type { Metadata } from 'next'
import { cache } from 'react'

import { DocumentCards } from '@/components/DocumentCard'
import { JsonLd } from '@/components/JsonLd'
import { isLocale, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { CARD_FIELDS, listDocuments } from '@/site/content'
import { blogJsonLd } from '@/site/json-ld'
import { pageSettings } from '@/site/settings'
import { reportPostSelection } from '@/site/shown'
import { pageMetadata } from '@/site/metadata'
import { notFoundMetadata, notFoundPage } from '@/site/not-found'
import { BLOG_PAGE_SIZE, paths } from '@/site/routes'

type Props = {
  params: Promise<{ locale: string }>
  searchParams: Promise<{ page?: string | string[] }>
}

/** `?page=` as a positive integer; anything else names no page. */
function pageNumber(raw: string | string[] | undefined): number | null {
  if (raw === undefined) return 1
  return typeof raw === 'string' && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null
}

/** One page of the blog, or null when there is no such page; read once per request. */
const blogPage = cache(async (locale: Locale, page: number) => {
  const result = await listDocuments('posts', locale, {
    page,
    limit: BLOG_PAGE_SIZE,
    select: CARD_FIELDS,
  })
  return page > Math.max(1, result.totalPages) ? null : result
})

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundMetadata()
  const page = pageNumber((await searchParams).page)
  if (page === null || !(await blogPage(locale, page))) return notFoundMetadata(locale)
  const t = messagesFor(locale).blog
  return pageMetadata({
    locale,
    siteName: (await pageSettings(locale)).siteName,
    pathFor: (target) => paths.blog(target, page),
    // Page N of a list exists in its own language only: each language lists its own documents.
    locales: page > 1 ? [locale] : undefined,
    title: page > 1 ? `${t.title} (${page})` : t.title,
    description: t.description,
  })
}

export default async function BlogPage({ params, searchParams }: Props) {
  const { locale } = await params
  if (!isLocale(locale)) return notFoundPage()
  const page = pageNumber((await searchParams).page)
  const result = page === null ? null : await blogPage(locale, page)
  if (page === null || !result) return notFoundPage(locale)
  reportPostSelection(result.docs)
  const t = messagesFor(locale)
  return (
    <div className="container">
      <JsonLd data={blogJsonLd(locale, page, result)} />
      <h1>{t.blog.title}</h1>
      <p className="prose">{t.blog.description}</p>
      {result.docs.length === 0 ? <p>{t.blog.empty}</p> : null}
      <DocumentCards collection="posts" docs={result.docs} locale={locale} headingLevel={2} />
      {result.totalPages > 1 ? (
        <nav className="pagination" aria-label={t.blog.pagination}>
          {page > 1 ? (
            <a href={paths.blog(locale, page - 1)} rel="prev">
              ← {t.blog.previous}
            </a>
          ) : (
            <span />
          )}{' '}
          {/* Spaces between the parts: the page's text (and its markdown twin) reads as words. */}
          <span>{t.blog.pageOf(page, result.totalPages)}</span>{' '}
          {page < result.totalPages ? (
            <a href={paths.blog(locale, page + 1)} rel="next">
              {t.blog.next} →
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  )
}
