// GET /robots.txt – crawl rules and the sitemap
import { CACHING_POLICY } from '@/http/cache-control'
import { refuseOtherMethods } from '@/http/methods'
import { robotsTxt } from '@/site/robots'

export const dynamic = 'force-dynamic'

export function GET(): Response {
  return new Response(robotsTxt(), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': CACHING_POLICY.robots.cacheControl,
    },
  })
}

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
