// GET /api/audience/{report} – one Audience chart's numbers as CSV (editors and admins)
import type { PostgresAdapter } from '@payloadcms/db-postgres'

import { isEditor } from '@/access/roles'
import { audienceCsv } from '@/audience/dashboard-report'
import { ApiError, withErrorHandling } from '@/http/errors'
import { refuseOtherMethods } from '@/http/methods'
import { signedInUser } from '@/lib/auth'
import { getPayloadClient } from '@/lib/payload'

export const dynamic = 'force-dynamic'

export const GET = withErrorHandling(
  async (request: Request, { params }: { params: Promise<{ report: string }> }) => {
    const payload = await getPayloadClient()
    const user = await signedInUser(payload, request)
    if (!user) throw new ApiError('unauthorized', 'Sign in as an editor to read the audience.')
    if (!isEditor(user))
      throw new ApiError('forbidden', 'Only editors and admins read the audience.')
    const db = (payload.db as unknown as PostgresAdapter).pool
    const file = await audienceCsv(
      db,
      (await params).report,
      new URL(request.url).searchParams,
      new Date().toISOString().slice(0, 10),
    )
    return new Response(file.body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        // What the team reads: never kept by a cache, shared or not.
        'Cache-Control': 'private, no-store',
      },
    })
  },
)

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
