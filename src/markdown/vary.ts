import type { ServerResponse } from 'node:http'

/** A response that advertises a markdown twin of its URL (what src/proxy.ts adds to pages). */
const ADVERTISES_TWIN = /rel="?alternate"?;\s*type="?text\/markdown"?/i

/**
 * Keeps `Vary: Accept` on HTML pages. Their URL answers markdown to `Accept: text/markdown`, so
 * caches must key on Accept; `src/proxy.ts` says so, but Next.js replaces a page's `Vary` with
 * its own (`rsc, next-router-state-tree, …`) when it renders. The project's server installs
 * this on each response (src/server/main.ts): just before the head is written, a response whose
 * `Link` advertises a markdown twin gets `Accept` added to whatever `Vary` it has.
 */
export function keepVaryAccept(response: ServerResponse): void {
  const writeHead = response.writeHead
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const link = this.getHeader('link')
    if (ADVERTISES_TWIN.test(Array.isArray(link) ? link.join(', ') : String(link ?? ''))) {
      const vary = this.getHeader('vary')
      const values = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean)
      if (!values.some((value) => value === '*' || value.toLowerCase() === 'accept')) {
        this.setHeader('Vary', [...values, 'Accept'].join(', '))
      }
    }
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args)
  } as ServerResponse['writeHead']
}
