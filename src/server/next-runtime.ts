import type { IncomingMessage } from 'node:http'

import { pathOf } from '@/http/request-target'
import { prefersMarkdown } from '@/http/negotiation'
import { sendsNextRuntime } from '@/site/page-scripts'

/**
 * Pages sent without Next.js's client runtime (which pages: src/site/page-scripts.ts).
 *
 * What goes is what only the runtime uses: the scripts it loads from the build
 * (`/_next/static/…`: React, the router, the pages' client components), their preloads, the
 * list of chunks Turbopack's loader would fetch, and the React flight data (`self.__next_f.push(…)`
 * scripts) the runtime would hydrate the page from. What stays
 * is everything the page is without them: its markup, styles and fonts, its JSON-LD, and React's
 * own small inline scripts that reveal a streamed boundary (`$RC`), which the markup needs.
 */

/** A `<script>` that loads a file of the build (the runtime, a page's chunks, the polyfills). */
const BUILD_SCRIPT = /<script\b[^>]*?\ssrc="\/_next\/static\/[^"]*"[^>]*><\/script>/g
/** A preload of such a file. */
const BUILD_SCRIPT_PRELOAD =
  /<link\b(?=[^>]*\srel="(?:preload|modulepreload)")(?=[^>]*\shref="\/_next\/static\/[^"]*\.m?js")[^>]*>/g
/**
 * An inline script that hands the runtime its data: the flight data (`self.__next_f.push`), or
 * the list of chunks Turbopack's runtime is to load (`globalThis.TURBOPACK.push`). Both are JSON
 * with `<` escaped, so the first `</script>` ends them.
 */
const RUNTIME_DATA =
  /<script(?:\s+id="[^"]*")?>\(?(?:self\.__next_f\b|globalThis\["TURBOPACK"\])[\s\S]*?<\/script>/g

/**
 * The largest page held to be rewritten: a larger one (none is near it; pages are tens of KB) goes
 * out as rendered, runtime and all, rather than being held whole in memory.
 */
export const REWRITE_MAX_BYTES = 8 * 1024 * 1024

/** `html` less Next.js's client runtime: its scripts, their preloads and the data they read. */
export function withoutNextRuntime(html: string): string {
  return html.replace(BUILD_SCRIPT, '').replace(BUILD_SCRIPT_PRELOAD, '').replace(RUNTIME_DATA, '')
}

/**
 * Whether the HTML answering this request goes out without Next.js's client runtime: a page of
 * the site that does not keep it (`sendsNextRuntime`), not asked for as markdown (a twin, never
 * HTML: nothing to take out). The server's render then has the response's one capture
 * (src/http/response-capture.ts) hold the page and rewrite it with `withoutNextRuntime` before
 * the response cache stores, validates (ETag) and measures (Content-Length) it, so what is
 * stored is what is sent. Such a page is rendered uncompressed (Next would compress it before
 * it could be rewritten) and compressed once rewritten.
 */
export function removesNextRuntime(request: IncomingMessage): boolean {
  return (
    !prefersMarkdown(request.headers.accept) &&
    !sendsNextRuntime(pathOf(request.url), request.headers)
  )
}
