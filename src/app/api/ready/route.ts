// GET /api/ready – readiness: 200 when the database (and Redis, when configured) answer, else 503.
import { checkReadiness } from '@/lib/health'
import { refuseOtherMethods } from '@/http/methods'

export const dynamic = 'force-dynamic'

export async function GET(): Promise<Response> {
  const readiness = await checkReadiness()
  return Response.json(readiness, {
    status: readiness.status === 'ready' ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  })
}

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
