// GET /feeds/schema.jsonl – schema.org JSON-LD, one line per published document and locale
import { refuseOtherMethods } from '@/http/methods'
import { loadSchemaFeed, streamedResourceRoute } from '@/agents/resources'

export const dynamic = 'force-dynamic'

export const GET = streamedResourceRoute(loadSchemaFeed)
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
