// GET /llms-full.txt – every published document's markdown, concatenated
import { refuseOtherMethods } from '@/http/methods'
import { loadLlmsFullTxt, streamedResourceRoute } from '@/agents/resources'

export const dynamic = 'force-dynamic'

export const GET = streamedResourceRoute(loadLlmsFullTxt)
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
