// GET /openapi.json – OpenAPI 3.1 description of the public interface
import { refuseOtherMethods } from '@/http/methods'
import { loadOpenApi, resourceRoute } from '@/agents/resources'

export const dynamic = 'force-dynamic'

export const GET = resourceRoute(loadOpenApi)
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
