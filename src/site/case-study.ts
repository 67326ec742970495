import type { CaseStudy } from '@/payload-types'

import type { SiteDocument } from './content'

export interface KeyResult {
  value: string
  label: string
}

/** What a case study's summary panel shows, empty parts left out (the page and its twin read this). */
export interface CaseStudySummary {
  client: string | null
  industry: string | null
  challenge: string | null
  solution: string | null
  results: KeyResult[]
}

const filled = (value: string | null | undefined): string | null => value?.trim() || null

export function caseStudySummary(doc: SiteDocument): CaseStudySummary {
  const study = doc as Partial<CaseStudy>
  return {
    client: filled(study.client),
    industry: filled(study.industry),
    challenge: filled(study.challenge),
    solution: filled(study.solution),
    results: (study.results ?? []).flatMap((result) => {
      const value = filled(result?.value)
      const label = filled(result?.label)
      return value && label ? [{ value, label }] : []
    }),
  }
}

/** Whether the summary has anything to show. */
export function hasSummary(summary: CaseStudySummary): boolean {
  return Boolean(
    summary.client ||
    summary.industry ||
    summary.challenge ||
    summary.solution ||
    summary.results.length > 0,
  )
}
