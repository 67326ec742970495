import { SLUG_PATTERN } from '@/fields/slug'
import { isLocale, type Locale } from '@/i18n/locales'
import { SECTION_NAMES } from '@/site/routes'

/** A site page, as the URL scheme of `src/site/routes.ts` names it. */
export type TwinPage =
  | { kind: 'index' }
  | { kind: 'home'; locale: Locale }
  | { kind: 'blog'; locale: Locale; page: number }
  | { kind: 'post'; locale: Locale; slug: string }
  | { kind: 'case-studies'; locale: Locale }
  | { kind: 'case-study'; locale: Locale; slug: string }
  | { kind: 'contact'; locale: Locale }
  | { kind: 'privacy'; locale: Locale }
  /** The page for developers and agents (`/en/developers`, `/es/desarrolladores`). */
  | { kind: 'developers'; locale: Locale }
  /** The firm, its team and offices (`/en/about`, `/es/sobre-nosotros`). */
  | { kind: 'about'; locale: Locale }
  /** One service (`/en/services/{key}`, `/es/servicios/{key}`): the section's word is the locale's. */
  | { kind: 'service'; locale: Locale; slug: string }
  | { kind: 'category'; locale: Locale; slug: string; page: number }
  /** The query (`q`, `page`) is the search's own to read. */
  | { kind: 'search'; locale: Locale }

/** Blog pages are `?page=2`…; page 1 is the list without a parameter (or `page=1`). */
function blogPage(search: URLSearchParams): number | null {
  const values = search.getAll('page')
  if (values.length === 0) return 1
  if (values.length > 1 || !/^[1-9]\d{0,5}$/.test(values[0]!)) return null
  return Number(values[0])
}

/**
 * The page a path names (`/`, `/en`, `/es/blog/some-post`…), or null for anything that is not a
 * page of the site: an unknown section, a malformed slug or blog page number. Whether a document
 * or blog page exists is the service's question.
 */
export function parseTwinPath(pagePath: string, search: URLSearchParams): TwinPage | null {
  if (pagePath === '/' || pagePath === '') return { kind: 'index' }
  const [, locale, section, slug, ...rest] = pagePath.split('/')
  if (!isLocale(locale)) return null
  if (section === 'blog' && slug === 'category' && rest.length > 0) {
    const [category, ...more] = rest
    if (more.length > 0 || !SLUG_PATTERN.test(category!)) return null
    const page = blogPage(search)
    return page === null ? null : { kind: 'category', locale, slug: category!, page }
  }
  if (rest.length > 0) return null
  if (section === undefined) return { kind: 'home', locale }
  const slugOk = slug !== undefined && SLUG_PATTERN.test(slug)
  switch (section) {
    case 'blog': {
      if (slug !== undefined) return slugOk ? { kind: 'post', locale, slug } : null
      const page = blogPage(search)
      return page === null ? null : { kind: 'blog', locale, page }
    }
    case 'case-studies':
      if (slug === undefined) return { kind: 'case-studies', locale }
      return slugOk ? { kind: 'case-study', locale, slug } : null
    case 'contact':
      return slug === undefined ? { kind: 'contact', locale } : null
    case 'privacy':
      return slug === undefined ? { kind: 'privacy', locale } : null
    case 'search':
      return slug === undefined ? { kind: 'search', locale } : null
    case SECTION_NAMES.about[locale]:
      return slug === undefined ? { kind: 'about', locale } : null
    case SECTION_NAMES.developers[locale]:
      return slug === undefined ? { kind: 'developers', locale } : null
    case SECTION_NAMES.services[locale]:
      return slugOk ? { kind: 'service', locale, slug } : null
    default:
      return null
  }
}
