import { creditLink, creditText } from '@/media/credit'

import { escapeInline, markdownLink } from './escape'

/**
 * An image's credit as an emphasized line of its own, `_Photo: Jane Doe, CC BY 4.0_`, or with its
 * link `_[Photo: Jane Doe, CC BY 4.0](https://…)_`: what the page's caption says and links to
 * (src/components/CreditedImage.tsx).
 */
export function creditLine(credit: string, url?: string | null): string {
  const text = credit.replace(/\s+/g, ' ').trim()
  return `_${url ? markdownLink(text, url) : escapeInline(text)}_`
}

/** The credit line of a picture, or null when it has no credit (src/media/credit.ts). */
export function mediaCreditLine(
  media: { credit?: string | null; creditUrl?: string | null } | null | undefined,
): string | null {
  const credit = creditText(media)
  return credit ? creditLine(credit, creditLink(media)) : null
}
