// /api itself names nothing: a JSON 404 for every method, like any other unknown path under /api/
import { ApiError, errorResponse } from '@/http/errors'

export const dynamic = 'force-dynamic'

const notFound = () =>
  errorResponse(
    new ApiError('not_found', 'No resource here; see /openapi.json for what this API serves.'),
  )

export const GET = notFound
export const POST = notFound
export const PUT = notFound
export const PATCH = notFound
export const DELETE = notFound
// Next.js would answer OPTIONS itself, with an `Allow` offering every method above.
export const OPTIONS = notFound
