// GET /llms.txt – content index for agents (llmstxt.org)
import { refuseOtherMethods } from '@/http/methods'
import { loadLlmsTxt, resourceRoute } from '@/agents/resources'

export const dynamic = 'force-dynamic'

export const GET = resourceRoute(loadLlmsTxt)
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
