import { AsyncLocalStorage } from 'node:async_hooks'

import type { ContactState } from './contact'

/**
 * What the contact form's action made of a post, for the page rendered after it in the same
 * request. The form binds its action no state (bound arguments are something Next.js decodes from
 * what the caller wrote; src/http/form-post.ts refuses them), so the action's result does not
 * reach the page through Next.js: the action records it here, and the page shows it.
 *
 * The project's server opens a slot around each form post it hands to Next.js
 * (src/server/form-posts.ts); outside one (a page read), nothing is recorded and the page shows
 * the empty form.
 */
type OutcomeSlot = { state?: ContactState }

// One storage per process: the server bundle and Next.js's compiled chunks each load their own
// copy of this module, so the instance lives on globalThis (as src/http/response-status.ts does).
const STORAGE_KEY = Symbol.for('consultancy.contact-outcome')
const slots: AsyncLocalStorage<OutcomeSlot> = ((globalThis as Record<symbol, unknown>)[
  STORAGE_KEY
] ??= new AsyncLocalStorage<OutcomeSlot>()) as AsyncLocalStorage<OutcomeSlot>

/** Runs `handle` (Next.js answering a form post) with a slot for the form's outcome. */
export function withContactOutcomeSlot<T>(handle: () => T): T {
  return slots.run({}, handle)
}

/** Records the outcome of the post being answered; false outside a slot. */
export function recordContactOutcome(state: ContactState): boolean {
  const slot = slots.getStore()
  if (!slot) return false
  slot.state = state
  return true
}

/** The outcome recorded for this request, if a form post is being answered. */
export function contactOutcome(): ContactState | undefined {
  return slots.getStore()?.state
}
