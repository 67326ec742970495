import type { SiteDocument } from './content'

/**
 * The category a card shows: a post's first topic; for a case study, its industry (what a
 * prospective client scans a portfolio by), else its first topic. Null when it has neither.
 */
export function cardCategory(doc: SiteDocument): string | null {
  const industry = 'industry' in doc ? doc.industry?.trim() : undefined
  if (industry) return industry
  for (const category of doc.categories ?? []) {
    if (typeof category === 'object' && category?.title?.trim()) return category.title.trim()
  }
  return null
}
