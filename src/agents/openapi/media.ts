import { MEDIA_LIMITS } from '@/media/limits'

import {
  errorResponse,
  headerParameter,
  headerRef,
  parameterRef,
  publicOperation,
  textHeader,
} from './components'

/** What a stored file of unknown or malformed type is sent as (`contentPolicy` in src/media). */
const MEDIA_FALLBACK_TYPE = 'application/octet-stream'

/** Top-level types whose every subtype is sent as stored: documented as one range (`image/*`). */
const RANGE_TYPES = new Set(['image', 'video', 'audio'])

/**
 * The types a media file is sent as: its stored type, one of those uploads allow
 * (`MEDIA_LIMITS.mimeTypes`) — images and videos as the ranges `image/*` and `video/*`, which also
 * cover the generated sizes and any type the allow-list gains — or the fallback.
 */
function mediaFileTypes(): string[] {
  const types = MEDIA_LIMITS.mimeTypes.map((type) => {
    const [top] = type.split('/')
    return RANGE_TYPES.has(top!) ? `${top}/*` : type
  })
  return [...new Set([...types, MEDIA_FALLBACK_TYPE])]
}

/** A response body of raw bytes, in any of the media file types (OpenAPI 3.1: no schema). */
function fileContent() {
  return Object.fromEntries(mediaFileTypes().map((type) => [type, {}]))
}

/** `GET /api/media/file/{filename}`: the bytes of a public media file, with validators and ranges. */
export function mediaPaths() {
  const fileHeaders = {
    ETag: headerRef('ETag'),
    'Last-Modified': headerRef('LastModified'),
    'Accept-Ranges': headerRef('AcceptRanges'),
  }
  return {
    '/api/media/file/{filename}': {
      get: {
        operationId: 'getMediaFile',
        tags: ['media'],
        summary: 'Get a media file',
        description:
          'The bytes of an image or file that a published document uses. The `Content-Type` is the file’s own (e.g. `image/png`), or `application/octet-stream` when its type is unknown.',
        ...publicOperation(),
        parameters: [
          parameterRef('Filename'),
          parameterRef('Range'),
          parameterRef('IfRange'),
          parameterRef('IfNoneMatch'),
          parameterRef('IfModifiedSince'),
          parameterRef('IfMatch'),
          parameterRef('IfUnmodifiedSince'),
        ],
        responses: {
          '200': {
            description: 'The file.',
            headers: fileHeaders,
            content: fileContent(),
          },
          '206': {
            description: 'The requested byte range.',
            headers: { ...fileHeaders, 'Content-Range': headerRef('ContentRange') },
            content: fileContent(),
          },
          '304': { description: 'Not modified.', headers: { ETag: headerRef('ETag') } },
          ...errorResponse('invalid_parameter', 'The filename is not a single file name.'),
          ...errorResponse('not_found', 'No public file with this name.'),
          ...errorResponse(
            'precondition_failed',
            'A precondition (`If-Match`, `If-Unmodified-Since`) failed.',
          ),
          ...errorResponse('range_not_satisfiable', 'The range is outside the file.', {
            'Content-Range': headerRef('ContentRange'),
          }),
        },
      },
    },
  }
}

/** The `Media` record a document's upload fields populate to. */
export function mediaSchemas() {
  return {
    Media: {
      type: 'object',
      description: 'A media document (image or file); `url` is its public file.',
      required: ['id'],
      properties: { id: { type: 'integer' } },
      additionalProperties: true,
    },
  }
}

export function mediaParameters() {
  return {
    Filename: {
      name: 'filename',
      in: 'path',
      required: true,
      description: 'The file name of a media file or of one of its generated sizes.',
      schema: { type: 'string', minLength: 1 },
    },
    Range: headerParameter('Range', 'One byte range, e.g. `bytes=0-1023`.'),
    IfRange: headerParameter(
      'If-Range',
      'Apply `Range` only if the file still has this ETag or date.',
    ),
    IfNoneMatch: headerParameter(
      'If-None-Match',
      'A 304 when the file still has one of these ETags.',
    ),
    IfModifiedSince: headerParameter(
      'If-Modified-Since',
      'A 304 when the file has not changed since.',
    ),
    IfMatch: headerParameter('If-Match', 'A 412 unless the file has one of these ETags.'),
    IfUnmodifiedSince: headerParameter('If-Unmodified-Since', 'A 412 when the file changed since.'),
  }
}

export function mediaHeaders() {
  return {
    ETag: textHeader('Strong entity tag of the file.'),
    LastModified: textHeader('When the file was stored (HTTP-date).'),
    AcceptRanges: textHeader('`bytes`: single byte ranges are supported.'),
    ContentRange: textHeader(
      'The range sent, e.g. `bytes 0-1023/4096`, or `bytes */4096` when unsatisfiable.',
    ),
  }
}
