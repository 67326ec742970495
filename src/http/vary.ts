import { listValues, type ResponseHead } from './response-head'

/** A response that advertises a markdown twin of its URL (what src/site/routing.ts adds to pages). */
const ADVERTISES_TWIN = /rel="?alternate"?;\s*type="?text\/markdown"?/i

/**
 * Keeps `Vary: Accept` on HTML pages. Their URL answers markdown to `Accept: text/markdown`, so
 * caches must key on Accept; the site's routing says so, but Next.js replaces a page's `Vary` with
 * its own (`rsc, next-router-state-tree, …`) when it renders. So a response whose `Link`
 * advertises a markdown twin gets `Accept` added to whatever `Vary` it has (the `vary-accept` step
 * of src/server/response-pipeline.ts).
 */
export function withVaryAccept(head: ResponseHead): ResponseHead {
  const link = head.headers.link
  if (link === undefined) return head
  if (!ADVERTISES_TWIN.test(Array.isArray(link) ? link.join(', ') : String(link))) return head
  const values = listValues(head.headers.vary)
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept')) return head
  return {
    status: head.status,
    headers: { ...head.headers, vary: [...values, 'Accept'].join(', ') },
  }
}
