// GET /.well-known/mcp/server-card – the server card at the path SEP-2127 now names (same body)
import { refuseOtherMethods } from '@/http/methods'
import { serverCardRoute } from '@/mcp/server-card-route'

export const dynamic = 'force-dynamic'

export const GET = serverCardRoute()
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
