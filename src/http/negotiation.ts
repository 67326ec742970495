import Negotiator from 'negotiator'

import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/locales'

/**
 * Content negotiation (RFC 9110 §12.5), read with `negotiator`: q-values weigh the choices, the
 * most specific matching range gives a choice its quality, and `q=0` means "not acceptable".
 */

function negotiatorFor(name: string, value: string): Negotiator {
  return new Negotiator({ headers: { [name]: value } })
}

/**
 * Does an `Accept` header prefer the markdown twin over the HTML page? Only when it ranks
 * `text/markdown` strictly higher: on a tie (`*\/*`, or both listed with equal q-values, in either
 * order) browsers and crawlers keep getting the page. `negotiator` breaks ties by the order of the
 * header's members and then by the order offered, so markdown wins only if it leads both ways.
 */
/**
 * Set by the project's server on the URL it rewrites a twin request to (src/site/routing.ts):
 * how the twin was asked for, `suffix` (`P.md`) or `negotiated` (P with `Accept: text/markdown`),
 * so that a twin whose page moved redirects to the same form of the new page. The twin route reads
 * it only when it sees the rewritten URL; answered in this process, the route sees the URL as asked
 * for and tells the form from its path. The route removes it before anything else reads the
 * query; the rewrite always overwrites what a caller sent.
 */
export const TWIN_FORM_PARAMETER = 'twin-form'
export type TwinForm = 'suffix' | 'negotiated'

export function prefersMarkdown(accept: string | null | undefined): boolean {
  if (!accept) return false
  // What is served, parameters included: a range naming another charset does not match it.
  const offered = ['text/html;charset=utf-8', 'text/markdown;charset=utf-8']
  const reversed = accept.split(',').reverse().join(',')
  return [accept, reversed].every(
    (header) => negotiatorFor('accept', header).mediaType(offered) === offered[1],
  )
}

/** The visitor's preferred supported locale from `Accept-Language` (`es-MX` counts as `es`). */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE
  const [preferred] = negotiatorFor('accept-language', acceptLanguage).languages([...LOCALES])
  return (preferred as Locale | undefined) ?? DEFAULT_LOCALE
}

/** negotiator 1.x breaks ties between equal q-values by `preferred`; its published types predate it. */
interface WithPreferred {
  encoding(available: string[], options: { preferred: string[] }): string | undefined
}

export type ContentEncoding = 'identity' | 'gzip' | 'br'

/**
 * The best of the `available` encodings a client accepts, in that order of preference (brotli,
 * then gzip, unless fewer are on offer), else none (`q=0` honoured).
 */
export function preferredEncoding(
  acceptEncoding: string | null | undefined,
  available: readonly Exclude<ContentEncoding, 'identity'>[] = ['br', 'gzip'],
): ContentEncoding {
  if (!acceptEncoding) return 'identity'
  const negotiator = negotiatorFor('accept-encoding', acceptEncoding) as unknown as WithPreferred
  const choice = negotiator.encoding([...available], { preferred: [...available] })
  return choice === 'br' || choice === 'gzip' ? choice : 'identity'
}
