/**
 * Whether search engines may index a document. An editor can hide one ("Hide from search
 * engines", `meta.noindex`, src/fields/seo.ts): its page then says `noindex` (a robots meta tag,
 * and `X-Robots-Tag` on its markdown twin) and it is left out of the indexes the site publishes
 * for crawlers and agents: the sitemap, llms.txt, llms-full.txt and schema.jsonl. It stays
 * reachable by its URL, in the site's lists, feeds and search, over MCP and in the API.
 */
export function isIndexable(doc: { meta?: { noindex?: boolean | null } | null }): boolean {
  return doc.meta?.noindex !== true
}

/** The `X-Robots-Tag` / robots meta value of a hidden document. */
export const NOINDEX = 'noindex'
