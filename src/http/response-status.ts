import { AsyncLocalStorage } from 'node:async_hooks'
import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * A status a page can give its own response while it renders.
 *
 * Why: when a page calls Next.js's `notFound()`, Next.js (16) answers 404 but server-renders an
 * empty `<html id="__next_error__">` shell and leaves the not-found page to client-side rendering
 * (vercel/next.js#62228): no `lang`, no layout, nothing for crawlers or visitors without
 * JavaScript. So a page that finds nothing renders the site's not-found view itself and asks for
 * the 404 here; src/server/main.ts runs every request in a slot and applies the status as the head
 * is written. Outside that server (no slot), the page falls back to `notFound()`.
 */
type StatusSlot = { status?: number }

// One storage per process: the server bundle and Next.js's compiled chunks each load their own
// copy of this module, so the instance lives on globalThis.
const STORAGE_KEY = Symbol.for('consultancy.response-status')
const slots: AsyncLocalStorage<StatusSlot> = ((globalThis as Record<symbol, unknown>)[
  STORAGE_KEY
] ??= new AsyncLocalStorage<StatusSlot>()) as AsyncLocalStorage<StatusSlot>

/**
 * Runs `handle` with a status slot for this response. Only a document request gets the status:
 * the router's own requests (`RSC: 1`, client-side navigation) and server actions' fetches
 * (`Next-Action`) keep theirs, because Next.js's client treats a non-2xx answer to a navigation as
 * a reason to reload the whole page, and an action's answer is about the action.
 *
 * The status is applied as the head is written, so it holds while a page renders before its head
 * goes out: dynamic pages with no Suspense boundary (no `loading.tsx`) above them, which is how
 * the site's pages are (the int tests assert the 404 on every kind of page).
 */
export function withResponseStatus<T>(
  request: IncomingMessage,
  response: ServerResponse,
  handle: () => T,
): T {
  const slot: StatusSlot = {}
  if (request.headers.rsc !== '1' && request.headers['next-action'] === undefined) {
    const writeHead = response.writeHead
    response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      // Only a page that rendered normally is changed: an error or a redirect keeps its status.
      if (slot.status !== undefined && args[0] === 200) {
        args[0] = slot.status
        if (typeof args[1] === 'string') args.splice(1, 1) // the reason phrase ("OK") went with 200
      }
      return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args)
    } as ServerResponse['writeHead']
  }
  return slots.run(slot, handle)
}

/** Asks for `status` on the current response; false when no server slot surrounds this render. */
export function setResponseStatus(status: number): boolean {
  const slot = slots.getStore()
  if (!slot) return false
  slot.status = status
  return true
}
