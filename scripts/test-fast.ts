/**
 * `npm run test:fast`: the checks that need no build, database or browser (scripts/lib/fast-tier.ts),
 * ending with one line `N passed, N failed`. About two minutes on a 2-core machine.
 */
import { mkdirSync, rmSync } from 'node:fs'

import { runFastTier } from './lib/fast-tier'

const RESULTS = `.data/test-results-fast-${process.env.TEST_RUN_ID ?? 'main'}`

async function main(): Promise<void> {
  rmSync(RESULTS, { recursive: true, force: true })
  mkdirSync(RESULTS, { recursive: true })
  const { passed, failed } = await runFastTier(RESULTS)
  console.log(`\n${passed} passed, ${failed} failed`)
  process.exit(failed > 0 ? 1 : 0)
}

void main()
