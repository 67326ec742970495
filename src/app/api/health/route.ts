// GET /api/health – liveness: 200 while this process answers requests, whatever its dependencies
// say (a database outage must not get every instance restarted). Readiness is /api/ready.
export const dynamic = 'force-dynamic'

export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
}
