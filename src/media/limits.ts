import { IMAGE_SIZES } from './image-sizes'

/**
 * What editors may upload. Payload checks the MIME type by the file's content
 * (`upload.mimeTypes`); the size is checked before the body is read (`guardMediaWrite`), by the
 * multipart parser, and again on the parsed file (`prepareUpload`).
 */
export const MEDIA_LIMITS = {
  /** Largest file an editor may upload: a short case-study video fits, a raw film does not. */
  maxFileSize: 256 * 1024 * 1024,
  /** Allowance for the multipart envelope around the file (boundaries, the `_payload` JSON). */
  multipartOverhead: 1024 * 1024,
  /**
   * An allow-list, not wildcards: everything here is something a browser shows safely (SVG only
   * behind a sandbox CSP, see `content-policy.ts`). No HTML, no archives, no office documents.
   */
  mimeTypes: [
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/avif',
    'image/gif',
    'image/svg+xml',
    'video/mp4',
    'video/webm',
    'application/pdf',
  ],
} as const

/** Largest request body accepted on an upload endpoint. */
export const MAX_UPLOAD_REQUEST_BYTES = MEDIA_LIMITS.maxFileSize + MEDIA_LIMITS.multipartOverhead

/** `268435456` → `256 MB` (binary megabytes, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  const megabytes = bytes / (1024 * 1024)
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`
}

export const TOO_LARGE_MESSAGE = `Files are limited to ${formatBytes(MEDIA_LIMITS.maxFileSize)}.`

/**
 * The narrowest image a post or case study may have as its cover: the widest slot a cover fills
 * edge to edge is a card (at most ~660 CSS pixels, one column on a tablet), whose generated
 * variant is this wide, so every cover has a card-sized file and is never stretched in a card.
 */
export const COVER_MIN_WIDTH: number = IMAGE_SIZES.find((size) => size.name === 'card')!.width

/** Why an image `width` pixels wide cannot be a cover, in the admin language `language`. */
export function coverTooNarrowMessage(width: number, language?: string): string {
  return language === 'es'
    ? `Una imagen de portada debe tener al menos ${COVER_MIN_WIDTH} píxeles de ancho, y esta tiene ${width}. Elige o sube una imagen más grande.`
    : `A cover image must be at least ${COVER_MIN_WIDTH} pixels wide, and this one is ${width}. Choose or upload a larger image.`
}

/** An image measured in pixels (an SVG drawing scales to any size). */
export function isRasterImage(mimeType: string | null | undefined): boolean {
  return Boolean(mimeType?.startsWith('image/')) && mimeType !== 'image/svg+xml'
}
