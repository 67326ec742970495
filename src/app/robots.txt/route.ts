// GET /robots.txt – crawl rules, the sitemap, and the JSON-LD feed for agents
import { robotsTxt } from '@/site/robots'

export const dynamic = 'force-dynamic'

export function GET(): Response {
  return new Response(robotsTxt(), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
