import { AsyncLocalStorage } from 'node:async_hooks'
import type { IncomingHttpHeaders } from 'node:http'

import { CACHING_POLICY } from './cache-control'
import { withHeader, type ResponseHead } from './response-head'

/**
 * A status a page can give its own response while it renders.
 *
 * Why: when a page calls Next.js's `notFound()`, Next.js (16) answers 404 but server-renders an
 * empty `<html id="__next_error__">` shell and leaves the not-found page to client-side rendering
 * (vercel/next.js#62228): no `lang`, no layout, nothing for crawlers or visitors without
 * JavaScript. So a page that finds nothing renders the site's not-found view itself and asks for
 * the 404 here; the project's server runs every request in a slot and applies the status as the
 * head is written (the `page-status` step of src/server/response-pipeline.ts). Outside that server
 * (no slot), the page falls back to `notFound()`.
 *
 * The slot also carries the request's path, so that a page about to answer 404 can ask whether an
 * editor's redirect (src/redirects/) moved it, and answer 301 instead (`askMovedPermanently`).
 */
export type StatusSlot = { status?: number; readonly path?: string }

/** The status of a page an editor's redirect moved (src/redirects/). */
export const MOVED_PERMANENTLY = 301

// One storage per process: the server bundle and Next.js's compiled chunks each load their own
// copy of this module, so the instance lives on globalThis.
const STORAGE_KEY = Symbol.for('consultancy.response-status')
const slots: AsyncLocalStorage<StatusSlot> = ((globalThis as Record<symbol, unknown>)[
  STORAGE_KEY
] ??= new AsyncLocalStorage<StatusSlot>()) as AsyncLocalStorage<StatusSlot>

/** Runs `handle` (a render) with `slot` as the place its page may ask for a status. */
export function withStatusSlot<T>(slot: StatusSlot, handle: () => T): T {
  return slots.run(slot, handle)
}

/**
 * Does a status asked for apply to this request? Only a document request's: the router's own
 * requests (`RSC: 1`, client-side navigation) and server actions' fetches (`Next-Action`) keep
 * theirs, because Next.js's client treats a non-2xx answer to a navigation as a reason to reload
 * the whole page, and an action's answer is about the action.
 */
export function takesAskedStatus(headers: IncomingHttpHeaders): boolean {
  return headers.rsc !== '1' && headers['next-action'] === undefined
}

/**
 * `head` with the status its page asked for. Only a page that rendered normally is changed: an
 * error or a redirect keeps its status. The status is applied as the head is written, so it holds
 * while a page renders before its head goes out: dynamic pages with no Suspense boundary (no
 * `loading.tsx`) above them, which is how the site's pages are (the int tests assert the 404 on
 * every kind of page). What the page said about caching is left to the caching policy, which
 * keeps no error.
 */
export function withAskedStatus(head: ResponseHead, asked: number | undefined): ResponseHead {
  if (asked === MOVED_PERMANENTLY) return movedPermanently(head)
  if (asked === undefined || head.status !== 200) return head
  return { status: asked, headers: head.headers }
}

/**
 * A page that asked for a 301 made Next.js's permanent redirect (`permanentRedirect()`, a 308 with
 * its `Location`, which Next.js's client router also follows): it goes out as a 301, the status
 * every client and crawler treats as "moved for good", with the caching policy's `moved` lifetime,
 * because a 301 that says nothing is kept by browsers indefinitely and an editor may change it.
 */
function movedPermanently(head: ResponseHead): ResponseHead {
  if (head.status !== 307 && head.status !== 308) return head
  const moved = withHeader(head, 'cache-control', CACHING_POLICY.moved.cacheControl)
  return { status: MOVED_PERMANENTLY, headers: moved.headers }
}

/** The path of the request being rendered; undefined outside the project's server. */
export function currentRequestPath(): string | undefined {
  return slots.getStore()?.path
}

/** Asks for `status` on the current response; false when no server slot surrounds this render. */
export function setResponseStatus(status: number): boolean {
  const slot = slots.getStore()
  if (!slot) return false
  slot.status = status
  return true
}
