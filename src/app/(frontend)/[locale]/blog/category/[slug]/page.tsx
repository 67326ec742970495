// /{locale}/blog/category/{slug}?page=… – the published posts of one category, paged like the blog
import type { Metadata } from 'next'
import { cache } from 'react'

import { DocumentCards } from '@/components/DocumentCard'
import { JsonLd } from '@/components/JsonLd'
import { SLUG_PATTERN } from '@/fields/slug'
import { isLocale, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { categoryPosts, findCategoryBySlug } from '@/site/categories'
import { categoryJsonLd } from '@/site/json-ld'
import { pageSettings } from '@/site/settings'
import { pageMetadata } from '@/site/metadata'
import { notFoundMetadata, notFoundPage } from '@/site/not-found'
import { paths } from '@/site/routes'

type Props = {
  params: Promise<{ locale: string; slug: string }>
  searchParams: Promise<{ page?: string | string[] }>
}

function pageNumber(raw: string | string[] | undefined): number | null {
  if (raw === undefined) return 1
  return typeof raw === 'string' && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null
}

/** The category and one page of its posts, or null when either doesn't exist; once per request. */
const categoryPage = cache(async (locale: Locale, slug: string, page: number) => {
  if (!SLUG_PATTERN.test(slug)) return null
  const category = await findCategoryBySlug(locale, slug)
  if (!category) return null
  const posts = await categoryPosts(locale, category.id, page)
  return page > Math.max(1, posts.totalPages) ? null : { category, posts }
})

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, slug } = await params
  if (!isLocale(locale)) return notFoundMetadata()
  const page = pageNumber((await searchParams).page)
  const found = page === null ? null : await categoryPage(locale, slug, page)
  if (page === null || !found) return notFoundMetadata(locale)
  const t = messagesFor(locale).category
  const title = t.title(found.category.title)
  return pageMetadata({
    locale,
    siteName: (await pageSettings(locale)).siteName,
    pathFor: (target) => paths.category(target, slug, page),
    // Page N of a list exists in its own language only: each language lists its own documents.
    locales: page > 1 ? [locale] : undefined,
    title: page > 1 ? `${title} (${page})` : title,
    description: t.description(found.category.title),
  })
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const { locale, slug } = await params
  if (!isLocale(locale)) return notFoundPage()
  const page = pageNumber((await searchParams).page)
  const found = page === null ? null : await categoryPage(locale, slug, page)
  if (page === null || !found) return notFoundPage(locale)
  const { category, posts } = found
  const t = messagesFor(locale)
  return (
    <div className="container">
      <JsonLd data={categoryJsonLd(locale, category, page, posts)} />
      <h1>{t.category.title(category.title)}</h1>
      <p className="prose">{t.category.description(category.title)}</p>
      {posts.docs.length === 0 ? <p>{t.category.empty}</p> : null}
      <DocumentCards collection="posts" docs={posts.docs} locale={locale} headingLevel={2} />
      {posts.totalPages > 1 ? (
        <nav className="pagination" aria-label={t.blog.pagination}>
          {page > 1 ? (
            <a href={paths.category(locale, slug, page - 1)} rel="prev">
              ← {t.blog.previous}
            </a>
          ) : (
            <span />
          )}
          <span>{t.blog.pageOf(page, posts.totalPages)}</span>
          {page < posts.totalPages ? (
            <a href={paths.category(locale, slug, page + 1)} rel="next">
              {t.blog.next} →
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <p>
        <a href={paths.blog(locale)}>← {t.nav.blog}</a>
      </p>
    </div>
  )
}
