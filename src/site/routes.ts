import type { Locale } from '@/i18n/locales'

/**
 * The site's URL scheme (fixed: pages, markdown twins, feeds, sitemap and tests all rely on it).
 * Paths only; absolute URLs are `${env.SITE_URL}${path}`.
 */
export const BLOG_PAGE_SIZE = 6
export const CASE_STUDIES_PAGE_SIZE = 12

export type PageCollection = 'posts' | 'case-studies'

export const paths = {
  home: (locale: Locale) => `/${locale}`,
  blog: (locale: Locale, page = 1) =>
    page > 1 ? `/${locale}/blog?page=${page}` : `/${locale}/blog`,
  post: (locale: Locale, slug: string) => `/${locale}/blog/${slug}`,
  caseStudies: (locale: Locale) => `/${locale}/case-studies`,
  caseStudy: (locale: Locale, slug: string) => `/${locale}/case-studies/${slug}`,
  contact: (locale: Locale) => `/${locale}/contact`,
  document: (collection: PageCollection, locale: Locale, slug: string) =>
    collection === 'posts' ? paths.post(locale, slug) : paths.caseStudy(locale, slug),
  /** The markdown twin of a page path (`/` → `/index.md`; a query string stays after `.md`). */
  twin: (path: string) => {
    const [pathname = '/', query] = path.split('?')
    const twin = pathname === '/' ? '/index.md' : `${pathname}.md`
    return query ? `${twin}?${query}` : twin
  },
} as const
