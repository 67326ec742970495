// GET /llms-full.txt – every published document's markdown, concatenated
import { refuseOtherMethods } from '@/http/methods'
import { loadLlmsFullTxt, resourceRoute } from '@/agents/resources'

export const dynamic = 'force-dynamic'

export const GET = resourceRoute(loadLlmsFullTxt)
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
