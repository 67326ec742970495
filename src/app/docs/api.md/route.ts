// GET /docs/api.md – the markdown twin of the API reference page
import { apiReferenceMarkdown } from '@/agents/api-reference'
import { env } from '@/env'
import { withErrorHandling } from '@/http/errors'
import { refuseOtherMethods } from '@/http/methods'
import { estimateTokens, textResponse } from '@/http/text-response'
import { AGENT_PATHS } from '@/site/agent-paths'
import { absoluteUrl } from '@/site/view'

export const dynamic = 'force-dynamic'

export const GET = withErrorHandling(async (request: Request) => {
  const markdown = apiReferenceMarkdown(env.SITE_URL)
  return textResponse(request, {
    body: markdown,
    contentType: 'text/markdown; charset=utf-8',
    headers: {
      Vary: 'Accept',
      'X-Markdown-Tokens': String(estimateTokens(markdown)),
      'Content-Language': 'en',
      Link: `<${absoluteUrl(env.SITE_URL, AGENT_PATHS.apiReference)}>; rel="canonical"`,
    },
  })
})
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
