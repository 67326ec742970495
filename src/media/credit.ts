/**
 * A picture's credit: who made it and under which licence, shown under it on the site and in the
 * markdown twins. CC BY and CC BY-SA require it wherever the picture is shown; an image without a
 * credit shows no caption at all. Its optional link (`creditUrl`) names where the reader checks it:
 * the picture's source page or the licence's deed; the caption and the twin's line link to it.
 */

/** Enough for a name, a licence and a source; the column's check holds the same bound. */
export const MEDIA_CREDIT_MAX_LENGTH = 200

/** A long source URL still fits; the column's check holds the same bound. */
export const MEDIA_CREDIT_URL_MAX_LENGTH = 2000

/** The credit to show, or null when there is none (missing or only blanks). */
export function creditText(media: { credit?: string | null } | null | undefined): string | null {
  const credit = media?.credit?.trim()
  return credit ? credit : null
}

/** Why `value` is no credit link, or null when it is one: an absolute http(s) URL. */
function creditUrlProblem(value: string): 'scheme' | 'length' | null {
  if (value.length > MEDIA_CREDIT_URL_MAX_LENGTH) return 'length'
  // Whitespace and an address without a host would only be a broken link under the picture.
  if (/\s/.test(value) || !/^https?:\/\/[^/?#]/i.test(value)) return 'scheme'
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'scheme'
  } catch {
    return 'scheme'
  }
}

/**
 * The link of a credit, or null when there is none or it is not a safe one. Only a picture with a
 * credit has one: a link alone would have no words to sit on.
 */
export function creditLink(
  media: { credit?: string | null; creditUrl?: string | null } | null | undefined,
): string | null {
  const url = media?.creditUrl?.trim()
  if (!url || !creditText(media) || creditUrlProblem(url) !== null) return null
  return url
}

const MESSAGES = {
  en: {
    scheme: 'The credit link must be a web address starting with https:// or http://.',
    length: `The credit link may be at most ${MEDIA_CREDIT_URL_MAX_LENGTH} characters long.`,
  },
  es: {
    scheme: 'El enlace del crédito debe ser una dirección web que empiece por https:// o http://.',
    length: `El enlace del crédito puede tener como mucho ${MEDIA_CREDIT_URL_MAX_LENGTH} caracteres.`,
  },
} as const

/**
 * Payload's validation of `creditUrl`: empty, or an absolute http(s) URL. Anything else (a
 * `javascript:` or `data:` URL, a relative path, a bare host) is refused with a message in the
 * editor's language, which REST callers read in the 400's per-field errors.
 */
export function validateCreditUrl(
  value: unknown,
  options?: { req?: { i18n?: { language?: string } } },
): true | string {
  if (value === null || value === undefined || value === '') return true
  const messages = options?.req?.i18n?.language === 'es' ? MESSAGES.es : MESSAGES.en
  if (typeof value !== 'string') return messages.scheme
  const problem = creditUrlProblem(value)
  return problem === null ? true : messages[problem]
}
