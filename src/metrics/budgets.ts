import { siteMetrics } from './registry'

/**
 * A counter of inquiries refused by each of `budgets` (the inquiry budgets' names: a handful),
 * every one of them shown from the start at zero. The returned function counts one refusal under
 * each budget that refused.
 */
export function budgetRefusalCounter(
  budgets: readonly string[],
): (refusedBy: readonly string[]) => void {
  const { budgetRefusals } = siteMetrics()
  const children = new Map(budgets.map((budget) => [budget, budgetRefusals.labels(budget)]))
  for (const child of children.values()) child.inc(0)
  return (refusedBy) => {
    for (const budget of refusedBy) children.get(budget)?.inc()
  }
}
