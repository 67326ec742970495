import 'server-only'

import { readPublicMedia } from '@/content/published-documents'
import type { Locale } from '@/i18n/locales'
import { getPayloadClient } from '@/lib/payload'
import type { Media } from '@/payload-types'

import { caseStudySummary, type KeyResult } from './case-study'
import { CASE_STUDY_CARD_FIELDS, newestDocuments, type SiteDocument } from './content'
import { asImage } from './media'
import { HOME_LATEST } from './routes'

/** A case study the home page's proof section shows, with the figure that sells it. */
export interface ProofStudy {
  doc: SiteDocument
  /** Its first key result, if it has one. */
  headline: KeyResult | null
}

const PROOF_FIELDS = { ...CASE_STUDY_CARD_FIELDS, results: true } as const

/**
 * The proof section's case studies: the newest featured ones translated into `locale` (published,
 * as every site read: src/site/content.ts), or, when none is featured, the newest. The home page
 * depends on the case studies' published set (src/cache/policy.ts), so featuring one refreshes it.
 */
export async function proofCaseStudies(locale: Locale): Promise<ProofStudy[]> {
  const featured = await newestDocuments('case-studies', locale, {
    limit: HOME_LATEST,
    filter: { featured: true },
    select: PROOF_FIELDS,
  })
  const docs =
    featured.length > 0
      ? featured
      : await newestDocuments('case-studies', locale, { limit: HOME_LATEST, select: PROOF_FIELDS })
  return docs.map((doc) => ({ doc, headline: caseStudySummary(doc).results[0] ?? null }))
}

/**
 * The hero's image as an anonymous reader may see it (with its alt text in `locale`), or null
 * when there is none, it is not an image, or it is not public (an embargoed upload). Read in SQL
 * of our own where that covers files (src/content/published-documents.ts), else by the Local API.
 */
export async function heroImage(id: number | null, locale: Locale): Promise<Media | null> {
  if (id === null) return null
  const payload = await getPayloadClient()
  const read = await readPublicMedia(payload, [id], locale)
  if (read !== null) return asImage(read.get(id) ?? null)
  const media = await payload.findByID({
    collection: 'media',
    id,
    locale,
    depth: 0,
    overrideAccess: false,
    user: null,
    disableErrors: true,
  })
  return asImage(media)
}
