import { partsDigest, type PartsValidators } from '@/http/text-response'
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

/**
 * One `<url>` element per locale of `page`, each with the alternates of every locale. The order
 * inside is the schema's (sitemap.xsd): `<loc>`, `<lastmod>`, then elements of other namespaces —
 * an `<xhtml:link>` before `<lastmod>` makes the file invalid.
 */
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
      `<url>\n<loc>${escapeXml(page.urlFor(locale))}</loc>\n${lastmod}${alternates}</url>\n`,
  )
}

/** One file of the sitemap: the elements it holds (`count` from the `first`) and its validators. */
export interface SitemapFile {
  first: number
  count: number
  validators: PartsValidators
}

/**
 * The `<url>` elements split into files within `limits`, in order (one file when they fit in
 * one), in one pass that keeps none of them: each file's validators are computed as its
 * elements go by, and `urlsetParts` makes its body again from the same elements.
 */
export function sitemapFiles(
  elements: Iterable<string>,
  limits: { urls: number; bytes: number } = SITEMAP_LIMITS,
): SitemapFile[] {
  const frame = Buffer.byteLength(HEAD + URLSET_OPEN + URLSET_CLOSE)
  const files: SitemapFile[] = []
  let first = 0
  let count = 0
  let bytes = frame
  let digest = partsDigest()
  digest.add(HEAD + URLSET_OPEN)
  const close = () => {
    digest.add(URLSET_CLOSE)
    files.push({ first, count, validators: digest.validators() })
  }
  for (const element of elements) {
    const size = Buffer.byteLength(element)
    if (count > 0 && (count >= limits.urls || bytes + size > limits.bytes)) {
      close()
      first += count
      count = 0
      bytes = frame
      digest = partsDigest()
      digest.add(HEAD + URLSET_OPEN)
    }
    digest.add(element)
    count += 1
    bytes += size
  }
  close()
  return files
}

/** How many bytes of elements each part of a streamed sitemap file joins. */
const PART_BYTES = 64 * 1024

/**
 * One sitemap file's body, a part at a time: its elements (taken from `elements`, all of the
 * site's, as `sitemapFiles` saw them) joined about `PART_BYTES` at a time, framed.
 */
export function* urlsetParts(
  elements: Iterable<string>,
  { first, count }: Pick<SitemapFile, 'first' | 'count'>,
): Generator<string> {
  yield HEAD + URLSET_OPEN
  let index = 0
  let batch: string[] = []
  let bytes = 0
  for (const element of elements) {
    if (index >= first + count) break
    if (index++ < first) continue
    batch.push(element)
    bytes += element.length
    if (bytes >= PART_BYTES) {
      yield batch.join('')
      batch = []
      bytes = 0
    }
  }
  if (batch.length > 0) yield batch.join('')
  yield URLSET_CLOSE
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
