import type { UploadField } from 'payload'
import { upload as validateUpload } from 'payload/shared'

import { COVER_MIN_WIDTH, coverTooNarrowMessage, isRasterImage } from '@/media/limits'

/**
 * A post's or case study's cover. A raster image narrower than the widest slot a cover fills
 * (a card: `COVER_MIN_WIDTH`) is refused with a message naming the minimum, since it would have
 * to be stretched there; covers are never upscaled on the article page either (site.css).
 * Videos, PDFs and SVG drawings are not measured in pixels and pass.
 */
export const coverImageField: UploadField = {
  name: 'coverImage',
  type: 'upload',
  relationTo: 'media',
  custom: { public: true },
  admin: {
    description: `Images at least ${COVER_MIN_WIDTH} pixels wide; 1600 or more looks sharp on every screen.`,
  },
  validate: async (value, options) => {
    const base = await validateUpload(value, options)
    if (base !== true) return base
    const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value
    if (typeof id !== 'number' && typeof id !== 'string') return true
    const media = await options.req.payload
      .findByID({
        collection: 'media',
        id,
        depth: 0,
        select: { width: true, mimeType: true },
        overrideAccess: true,
        disableErrors: true,
        req: options.req,
      })
      .catch(() => null)
    if (!media || !isRasterImage(media.mimeType) || typeof media.width !== 'number') return true
    return media.width >= COVER_MIN_WIDTH ? true : coverTooNarrowMessage(media.width)
  },
}
