// GET /robots.txt – crawl rules, the agent access policy and the sitemap
import { robotsFileText } from '@/agents/policy-statements'
import { CACHING_POLICY } from '@/http/cache-control'
import { refuseOtherMethods } from '@/http/methods'

export const dynamic = 'force-dynamic'

export async function GET(): Promise<Response> {
  return new Response(await robotsFileText(), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': CACHING_POLICY.robots.cacheControl,
    },
  })
}

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
