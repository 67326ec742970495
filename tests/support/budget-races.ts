import fc from 'fast-check'
import { expect } from 'vitest'

import { BUDGETS, type BudgetRequest, type InquiryBudgets } from '@/inquiries/budgets'

import { fuzzSeed } from './fuzz-seed'

let sequence = 0
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(sequence += 1)}`

/**
 * The interleaving that over-refused: request R1 is refused by its client's budget (R3 took the
 * client's last unit), and while a check-then-spend R1 still holds its email's last unit, R2 for
 * that email is refused too. In any serial order exactly two of the three are accepted; in call
 * order R3 and R2. The three are started together, in that order, as concurrent requests are.
 */
export async function lastUnitRace(budgets: InquiryBudgets): Promise<boolean[]> {
  const email = `${unique('race')}@example.com`
  const client = `10.77.${sequence % 250}.1`
  for (let index = 1; index < BUDGETS.perEmail.points; index += 1) {
    expect((await budgets.spend({ email, clientAddress: `10.78.${index}.1` })).allowed).toBe(true)
  }
  for (let index = 1; index < BUDGETS.perClient.points; index += 1) {
    expect(
      (await budgets.spend({ email: `${unique('fill')}@example.com`, clientAddress: client }))
        .allowed,
    ).toBe(true)
  }
  const decisions = await Promise.all([
    budgets.spend({ email: `${unique('r3')}@example.com`, clientAddress: client }), // R3
    budgets.spend({ email, clientAddress: client }), // R1
    budgets.spend({ email, clientAddress: '10.79.0.1' }), // R2
  ])
  return decisions.map((decision) => decision.allowed)
}

/**
 * Requests over a few emails and mostly one client, so that budgets run out in the middle of a
 * batch (the shape of history and batch makes about one run in 25 catch a check-then-spend).
 */
const requests = (maxLength: number) =>
  fc.array(
    fc.record({
      email: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
      client: fc.constantFrom('10.0.0.1', '10.0.0.1', '10.0.0.1', '10.0.0.2', null),
    }),
    { maxLength },
  )

/**
 * Concurrent spending decides exactly as the same requests one after another, in the order they
 * were made: no request is refused because another one, itself refused, held a unit meanwhile.
 * Both runs start from the same budgets, partly spent by an earlier history (so that budgets are
 * near their ends); `fresh` gives budgets with nothing spent. The requests come from `seed`
 * (fixed unless FUZZ_SEED says otherwise, tests/support/fuzz-seed.ts), which a failure prints.
 */
export async function concurrentMatchesSerial(
  fresh: () => InquiryBudgets,
  numRuns = 300,
  seed = fuzzSeed(20_261_128),
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(requests(20), requests(12), async (history, batch) => {
      const run = unique('batch')
      const asRequest = ({ email, client }: { email: string; client: string | null }) =>
        ({ email: `${email}-${run}@example.com`, clientAddress: client }) satisfies BudgetRequest
      const summary = (decision: Awaited<ReturnType<InquiryBudgets['spend']>>) =>
        decision.allowed ? 'allowed' : decision.refusedBy.join('+')
      const [concurrent, serial] = [fresh(), fresh()]
      for (const budgets of [concurrent, serial]) {
        for (const one of history) await budgets.spend(asRequest(one))
      }
      const together = await Promise.all(batch.map((one) => concurrent.spend(asRequest(one))))
      const oneByOne = []
      for (const one of batch) oneByOne.push(await serial.spend(asRequest(one)))
      expect(together.map(summary)).toEqual(oneByOne.map(summary))
    }),
    { numRuns, seed },
  )
}
