import { createRequire } from 'node:module'

type Comparator = (
  actual: Buffer,
  expected: Buffer,
  options: { threshold?: number; maxDiffPixelRatio?: number },
) => { errorMessage: string; diff?: Buffer } | null

/**
 * The comparison `toHaveScreenshot` makes (Playwright's PNG comparator, from the pinned
 * @playwright/test's own core), for comparing two captures of one test without a baseline file.
 */
export const comparePng: Comparator = (
  createRequire(import.meta.url)('playwright-core/lib/coreBundle') as {
    utils: { getComparator: (mimeType: string) => Comparator }
  }
).utils.getComparator('image/png')
