import { get } from './api'

/**
 * Every kind of published-content URL the response cache stores, for a post that exists: pages
 * and their twins in both languages, the content API, feeds and the agents' files.
 */
export function cacheableUrls(post: { slug: string; id: number }): string[] {
  return [
    '/en',
    '/es',
    '/en/blog',
    '/en/blog.md',
    `/en/blog/${post.slug}`,
    `/es/blog/${post.slug}.md`,
    '/en/case-studies',
    '/en/contact',
    '/index.md',
    '/api/posts',
    '/api/posts?locale=en&limit=3',
    `/api/posts/${post.id}`,
    '/api/case-studies',
    '/llms.txt',
    '/llms-full.txt',
    '/sitemap.xml',
    '/robots.txt',
    '/feeds/schema.jsonl',
    '/openapi.json',
    '/.well-known/agent-skills/index.json',
    '/es/feed.xml',
    '/en/case-studies/feed.xml',
    '/.well-known/mcp/server-card.json',
  ]
}

/**
 * The absolute URLs of every document page the site indexes: one per document and language it
 * is translated into, unless hidden from search engines (src/site/translations.ts,
 * src/site/indexing.ts), as the sitemap lists them. The agents' indexes (llms-full.txt,
 * schema.jsonl) hold the same documents; the API counts more (its locale fallback, hidden ones).
 */
export async function indexedDocumentPages(): Promise<string[]> {
  const xml = await (await get('/sitemap.xml')).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => match[1]!)
    .filter((url) => /\/(en|es)\/(blog|case-studies)\/[^/]+$/.test(new URL(url).pathname))
}
