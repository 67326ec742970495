import { randomInt } from 'node:crypto'

import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { MEDIA_LIMITS, TOO_LARGE_MESSAGE } from './limits'

/**
 * `photo.png` → `photo-48213977.png`. Payload reuses a name once its file is gone (replace a file
 * twice and `logo.png` → `logo-1.png` → `logo.png` again), which would make a year-long
 * `immutable` cache serve old bytes; a random part makes each upload's URL its own. Digits only,
 * so it reads like Payload's own `-1`, `-2` de-duplication suffixes.
 */
export function uniqueFilename(name: string, suffix = randomInt(10_000_000, 100_000_000)): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? `${name.slice(0, dot)}-${suffix}${name.slice(dot)}` : `${name}-${suffix}`
}

/** Payload's 413, with a message that says what the limit is. */
export function assertWithinSizeLimit(size: number): void {
  if (size > MEDIA_LIMITS.maxFileSize) {
    throw new APIError(TOO_LARGE_MESSAGE, 413, undefined, true)
  }
}

/**
 * Media `beforeOperation`: a new file gets checked against the size limit (the last line of
 * defence after `guardMediaWrite` and the multipart limit; it also covers Local API uploads) and a
 * name of its own. An update without a new file may not ask Payload to re-crop or re-focus the
 * stored image, which would rewrite its files in place under the same names: files are immutable.
 */
export const prepareUpload: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args
  if (req.file) {
    assertWithinSizeLimit(req.file.size)
    req.file.name = uniqueFilename(req.file.name)
  } else if (operation === 'update') {
    const data = args.data as Record<string, unknown> | undefined
    delete data?.focalX
    delete data?.focalY
    if (req.query) delete req.query.uploadEdits
  }
  return args
}
