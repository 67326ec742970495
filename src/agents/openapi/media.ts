import { errorResponse, headerParameter, headerRef, parameterRef, textHeader } from './components'

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
          'The bytes of an image or file that a published document uses. The actual `Content-Type` is the file’s own (e.g. `image/png`).',
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
            content: { 'application/octet-stream': {} },
          },
          '206': {
            description: 'The requested byte range.',
            headers: { ...fileHeaders, 'Content-Range': headerRef('ContentRange') },
            content: { 'application/octet-stream': {} },
          },
          '304': { description: 'Not modified.', headers: { ETag: headerRef('ETag') } },
          ...errorResponse('invalid_parameter', 'The filename is not a single file name.'),
          ...errorResponse('not_found', 'No public file with this name.'),
          '412': { description: 'A precondition (`If-Match`, `If-Unmodified-Since`) failed.' },
          '416': {
            description: 'The range is outside the file.',
            headers: { 'Content-Range': headerRef('ContentRange') },
          },
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
