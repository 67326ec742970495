// GET /.well-known/mcp/server-card.json – the MCP server card (SEP-2127), from the tool definitions
import { refuseOtherMethods } from '@/http/methods'
import { serverCardRoute } from '@/mcp/server-card-route'

export const dynamic = 'force-dynamic'

export const GET = serverCardRoute()
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
