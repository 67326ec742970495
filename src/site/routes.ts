import type { Locale } from '@/i18n/locales'

/**
 * The site's URL scheme (fixed: pages, markdown twins, feeds, sitemap and tests all rely on it).
 * Paths only; absolute URLs are `${env.SITE_URL}${path}`.
 */
export const BLOG_PAGE_SIZE = 6
export const CASE_STUDIES_PAGE_SIZE = 12
/** How many of the newest posts and case studies the home page shows. */
export const HOME_LATEST = 3

export type PageCollection = 'posts' | 'case-studies'

export const paths = {
  home: (locale: Locale) => `/${locale}`,
  blog: (locale: Locale, page = 1) =>
    page > 1 ? `/${locale}/blog?page=${page}` : `/${locale}/blog`,
  post: (locale: Locale, slug: string) => `/${locale}/blog/${slug}`,
  caseStudies: (locale: Locale) => `/${locale}/case-studies`,
  caseStudy: (locale: Locale, slug: string) => `/${locale}/case-studies/${slug}`,
  contact: (locale: Locale) => `/${locale}/contact`,
  /** How the site handles personal data (what the contact form collects). */
  privacy: (locale: Locale) => `/${locale}/privacy`,
  /** The posts of one category, paged like the blog. */
  category: (locale: Locale, slug: string, page = 1) =>
    page > 1 ? `/${locale}/blog/category/${slug}?page=${page}` : `/${locale}/blog/category/${slug}`,
  /** The search page; without `q`, its empty form. */
  search: (locale: Locale, q?: string, page = 1) => {
    const query = new URLSearchParams()
    if (q !== undefined) query.set('q', q)
    if (page > 1) query.set('page', String(page))
    const search = query.toString()
    return search ? `/${locale}/search?${search}` : `/${locale}/search`
  },
  document: (collection: PageCollection, locale: Locale, slug: string) =>
    collection === 'posts' ? paths.post(locale, slug) : paths.caseStudy(locale, slug),
  /** RSS 2.0 of a collection: `/{locale}/feed.xml` (the blog), `/{locale}/case-studies/feed.xml`. */
  feed: (collection: PageCollection, locale: Locale) =>
    collection === 'posts' ? `/${locale}/feed.xml` : `/${locale}/case-studies/feed.xml`,
  /** The markdown twin of a page path (`/` → `/index.md`; a query string stays after `.md`). */
  twin: (path: string) => {
    const [pathname = '/', query] = path.split('?')
    const twin = pathname === '/' ? '/index.md' : `${pathname}.md`
    return query ? `${twin}?${query}` : twin
  },
} as const
