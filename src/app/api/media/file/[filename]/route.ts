// GET|HEAD /api/media/file/{filename} – a media file's bytes: ranges, validators, embargo
import { ApiError, errorResponse } from '@/http/errors'
import { refuseOtherMethods } from '@/http/methods'
import { mediaFileRoute } from '@/media/routes'

/**
 * The file server's refusals that are not errors it throws, in words: a failed precondition
 * (412) and a range outside the file (416) come back from `serveMediaFile` as bare statuses with
 * their headers (a 416's `Content-Range` gives the file's size); every error under /api/ carries
 * the JSON error body, these too.
 */
const FILE_REFUSALS: Record<number, () => ApiError> = {
  412: () =>
    new ApiError(
      'precondition_failed',
      'The file does not match the request’s If-Match or If-Unmodified-Since.',
    ),
  416: () =>
    new ApiError(
      'range_not_satisfiable',
      'The requested range is outside the file; Content-Range gives its size.',
    ),
}

function withErrorBodies(
  serve: ReturnType<typeof mediaFileRoute>,
): ReturnType<typeof mediaFileRoute> {
  return async (request, context) => {
    const response = await serve(request, context)
    const refusal = FILE_REFUSALS[response.status]
    if (!refusal || response.body !== null || request.method === 'HEAD') return response
    const answer = errorResponse(refusal())
    const headers = new Headers(response.headers)
    headers.delete('Content-Length')
    for (const [name, value] of answer.headers) headers.set(name, value)
    return new Response(answer.body, { status: answer.status, headers })
  }
}

export const GET = withErrorBodies(mediaFileRoute())
export const HEAD = mediaFileRoute()

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
