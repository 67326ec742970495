// POST /api/inquiries – accept a project inquiry (validated, rate limited, stored, mailed);
// GET lists them for signed-in editors through Payload (anonymous: 403)
import { env } from '@/env'
import { verifiedClientAddress } from '@/http/client-address'
import { ApiError, withErrorHandling } from '@/http/errors'
import {
  parseJson,
  readBodyWithLimit,
  rejectCrossOrigin,
  requireJsonContentType,
} from '@/http/request'
import { INQUIRY_BODY_MAX_BYTES } from '@/inquiries/schema'
import { apiSource } from '@/inquiries/source'
import { submitInquiry } from '@/inquiries/submit-inquiry'
import { payloadRest } from '@/lib/payload-rest'
import { refuseOtherMethods } from '@/http/methods'

export const dynamic = 'force-dynamic'

export const GET = payloadRest

export const POST = withErrorHandling(async (request: Request) => {
  // The order is the contract's: 415, 413, 403, 400, 429 — a refused request spends no budget.
  requireJsonContentType(request)
  const text = await readBodyWithLimit(request, INQUIRY_BODY_MAX_BYTES)
  rejectCrossOrigin(request, env.SITE_URL)
  const result = await submitInquiry(parseJson(text), {
    clientAddress: verifiedClientAddress(request.headers, env.PAYLOAD_SECRET),
    channel: 'http',
    source: apiSource(request.headers.get('user-agent')),
  })
  switch (result.status) {
    case 'accepted':
      return Response.json(
        { success: true },
        { status: 201, headers: { 'Cache-Control': 'no-store' } },
      )
    case 'invalid':
      throw new ApiError(
        'invalid_body',
        `Invalid inquiry: ${result.problems.map((problem) => `${problem.field} ${problem.message}`).join('; ')}.`,
        { details: result.problems },
      )
    case 'rate_limited':
      throw new ApiError(
        'rate_limited',
        `Too many inquiries; try again in ${result.retryAfterSeconds} seconds.`,
        { headers: { 'Retry-After': String(result.retryAfterSeconds) } },
      )
    case 'unavailable':
      throw new ApiError(
        'unavailable',
        'Inquiries cannot be accepted right now; please retry shortly.',
        {
          headers: { 'Retry-After': '30' },
        },
      )
    case 'failed':
      throw new ApiError('internal_error', 'Something went wrong on our side.')
  }
})

export const { PUT, PATCH, DELETE } = refuseOtherMethods('GET', 'POST')
