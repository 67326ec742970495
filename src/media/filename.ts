import { ApiError } from '@/http/errors'

/** Longest file name common filesystems store (in bytes). */
const MAX_FILENAME_BYTES = 255
const FORBIDDEN = /[/\\\u0000-\u001f\u007f]/

/**
 * The `{filename}` path parameter, already percent-decoded once by the router, checked to be one
 * plain file name: no separator (`/`, `\`), no NUL or other control character, not `.` or `..`.
 * It is never decoded again, so `%252e%252e%252f` stays the literal, harmless name `%2e%2e%2f`.
 * Anything else is a 400; a well-formed name that no media record owns is a 404 later.
 */
export function parseMediaFilename(raw: string): string {
  if (
    raw === '' ||
    raw === '.' ||
    raw === '..' ||
    FORBIDDEN.test(raw) ||
    Buffer.byteLength(raw) > MAX_FILENAME_BYTES
  ) {
    throw new ApiError('invalid_parameter', 'The filename must be a single file name.', {
      details: [{ field: 'filename', message: 'must be one file name, without a path' }],
    })
  }
  return raw
}
