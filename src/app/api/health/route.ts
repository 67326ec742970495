// GET /api/health – liveness: 200 while this process answers requests, whatever its dependencies
// say (a database outage must not get every instance restarted). Readiness is /api/ready.
import { refuseOtherMethods } from '@/http/methods'

export const dynamic = 'force-dynamic'

export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
}

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
