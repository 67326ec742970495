import type { IncomingHttpHeaders } from 'node:http'

import { classifyPath } from '@/http/path-kind'

/**
 * Which pages load Next.js's client runtime: React and the app router, about 134 KB of
 * JavaScript that every app-router page downloads, parses and hydrates whatever it renders — on
 * a phone, most of the time the page can't answer a tap. The app router has no setting to leave it
 * out, so the project's server takes it out of the HTML of the site's pages that don't need it
 * (src/server/next-runtime.ts): its scripts, their preloads and the data they would read.
 *
 * The site's pages don't need it: what they do works as HTML. Links are plain anchors, not
 * `next/link` (which, with no runtime to prefetch, only made each link a client component the
 * server rendered twice), the header's links (current section, other languages) are worked out
 * on the server, the search form is a GET, the not-found page is rendered by the server, and the contact form is a POST
 * the server answers with the page; with JavaScript it is sent in place by its own small script
 * (`ContactForm`), not by React. Outside the site's pages (the admin, a React application) the
 * runtime is left as Next sends it.
 */

/** Where a page of the site keeps the runtime, because React runs on it in the browser. */
export const NEXT_RUNTIME_KEPT = {
  /**
   * An editor's draft preview: the admin's live preview re-renders the page through the router
   * on each save (`LivePreviewRefresh`). Draft mode is Next's cookie; a visitor who sends one
   * only gets the runtime back (the response is private: it carries a cookie).
   */
  draftPreview: (headers: IncomingHttpHeaders) => hasDraftModeCookie(headers),
} as const satisfies Record<string, (headers: IncomingHttpHeaders) => boolean>

/** Next.js's draft-mode cookie (`COOKIE_NAME_PRERENDER_BYPASS`). */
const DRAFT_MODE_COOKIE = /(?:^|;\s*)__prerender_bypass=/

function hasDraftModeCookie(headers: IncomingHttpHeaders): boolean {
  return typeof headers.cookie === 'string' && DRAFT_MODE_COOKIE.test(headers.cookie)
}

/**
 * Is `path` (without query) one of the site's pages: every path under a locale, and the API
 * reference? A file under a locale (a feed, a twin) is not a page: it is sent as its route writes
 * it. Nor is `/`, which the server answers with a redirect before Next.js sees it.
 */
export function isSitePage(path: string): boolean {
  const { kind } = classifyPath(path)
  return kind === 'page' || kind === 'standalone-page'
}

/** Does the HTML answering this request carry Next.js's client runtime? (`path` without query.) */
export function sendsNextRuntime(path: string, headers: IncomingHttpHeaders): boolean {
  if (!isSitePage(path)) return true
  return Object.values(NEXT_RUNTIME_KEPT).some((keeps) => keeps(headers))
}
