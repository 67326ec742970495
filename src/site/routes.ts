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

/**
 * Sections whose path segment is a word of the page's language (the older sections keep their
 * English segment in every language). The one table the paths, the routes' folders
 * (src/app/(frontend)/[locale]/{services,servicios,developers,desarrolladores,about,sobre-nosotros}) and the path
 * classification (src/markdown/twin-path.ts) read.
 */
export const SECTION_NAMES = {
  services: { en: 'services', es: 'servicios' },
  developers: { en: 'developers', es: 'desarrolladores' },
  about: { en: 'about', es: 'sobre-nosotros' },
} as const satisfies Record<string, Record<Locale, string>>

/**
 * A page's path in another language: the locale swapped and, for a section named in its
 * language (`SECTION_NAMES`), the section's word too (`/en/services/cloud` → `/es/servicios/cloud`).
 */
export function pathInLocale(path: string, to: Locale): string {
  const [, from, section, ...rest] = path.split('/')
  const named = Object.values(SECTION_NAMES).find(
    (names) => from !== undefined && (names as Record<string, string>)[from] === section,
  )
  const word = named ? named[to] : section
  return ['', to, ...(word === undefined ? [] : [word]), ...rest].join('/')
}

export const paths = {
  home: (locale: Locale) => `/${locale}`,
  blog: (locale: Locale, page = 1) =>
    page > 1 ? `/${locale}/blog?page=${page}` : `/${locale}/blog`,
  post: (locale: Locale, slug: string) => `/${locale}/blog/${slug}`,
  caseStudies: (locale: Locale) => `/${locale}/case-studies`,
  caseStudy: (locale: Locale, slug: string) => `/${locale}/case-studies/${slug}`,
  contact: (locale: Locale) => `/${locale}/contact`,
  /** One service's page: `/en/services/{key}`, `/es/servicios/{key}` (src/site/services.ts). */
  service: (locale: Locale, key: string) => `/${locale}/${SECTION_NAMES.services[locale]}/${key}`,
  /** The page for developers and agents: the API, MCP, an example and the inquiry's limits. */
  developers: (locale: Locale) => `/${locale}/${SECTION_NAMES.developers[locale]}`,
  /** The firm, its people, values and offices: `/en/about`, `/es/sobre-nosotros` (src/site/about-route.tsx). */
  about: (locale: Locale) => `/${locale}/${SECTION_NAMES.about[locale]}`,
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
