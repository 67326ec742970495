import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/locales'

/**
 * The sitemap (sitemaps.org 0.9, with hreflang alternates): one file while the site fits in one,
 * else `/sitemap.xml` is a sitemap index of `/sitemap/{n}.xml` files, each within both limits.
 */

/** What one sitemap file may hold at most (sitemaps.org): URLs, and uncompressed bytes. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const

/** The path of the `n`th file (from 1) of a sitemap index. */
export const sitemapPartPath = (n: number) => `/sitemap/${n}.xml`

export const SITEMAP_CONTENT_TYPE = 'application/xml; charset=utf-8'

/** A page in every locale: its URL in each, and when it last changed. */
export interface SitemapPage {
  urlFor: (locale: Locale) => string
  lastModified?: string
  /** Only these locales (default: every one). */
  locales?: readonly Locale[]
}

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
  )

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
const URLSET_CLOSE = '</urlset>\n'

/** One `<url>` element per locale of `page`, each with the alternates of every locale. */
export function urlElements(page: SitemapPage): string[] {
  const locales = page.locales ?? LOCALES
  const alternates =
    locales.length > 1
      ? [
          ...locales.map(
            (other) =>
              `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(page.urlFor(other))}" />\n`,
          ),
          `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(page.urlFor(DEFAULT_LOCALE))}" />\n`,
        ].join('')
      : ''
  const lastmod = page.lastModified ? `<lastmod>${escapeXml(page.lastModified)}</lastmod>\n` : ''
  return locales.map(
    (locale) =>
      `<url>\n<loc>${escapeXml(page.urlFor(locale))}</loc>\n${alternates}${lastmod}</url>\n`,
  )
}

/**
 * The `<url>` elements split into files within `limits`, in order: one file when they fit in one.
 */
export function sitemapFiles(
  elements: readonly string[],
  limits: { urls: number; bytes: number } = SITEMAP_LIMITS,
): string[][] {
  const frame = Buffer.byteLength(HEAD + URLSET_OPEN + URLSET_CLOSE)
  const files: string[][] = []
  let current: string[] = []
  let bytes = frame
  for (const element of elements) {
    const size = Buffer.byteLength(element)
    if (current.length > 0 && (current.length >= limits.urls || bytes + size > limits.bytes)) {
      files.push(current)
      current = []
      bytes = frame
    }
    current.push(element)
    bytes += size
  }
  files.push(current)
  return files
}

/** One sitemap file. */
export function urlset(elements: readonly string[]): string {
  return `${HEAD}${URLSET_OPEN}${elements.join('')}${URLSET_CLOSE}`
}

/** The sitemap index naming `count` files. */
export function sitemapIndex(siteUrl: string, count: number): string {
  const entries = Array.from(
    { length: count },
    (_, index) =>
      `<sitemap>\n<loc>${escapeXml(`${siteUrl}${sitemapPartPath(index + 1)}`)}</loc>\n</sitemap>\n`,
  )
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`
}
