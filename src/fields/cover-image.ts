import { ValidationError, type FieldHook, type PayloadRequest, type UploadField } from 'payload'
import { upload as validateUpload } from 'payload/shared'

import { COVER_MIN_WIDTH, coverTooNarrowMessage, isRasterImage } from '@/media/limits'

/**
 * A post's or case study's cover. A raster image narrower than the widest slot a cover fills
 * (a card: `COVER_MIN_WIDTH`) is refused with a message naming the minimum, since it would have
 * to be stretched there; covers are never upscaled on the article page either (site.css).
 * Videos, PDFs and SVG drawings are not measured in pixels and pass.
 *
 * Checked three times, so that whoever chooses a cover learns at once: when it is chosen (the
 * CoverImageCheck notice under the field), on every save (a field hook: Payload validates drafts
 * only with `drafts.validate`, which would enforce every required field on drafts, and authors,
 * who cannot publish, save only drafts), and on publish (`validate`).
 */

/** Why the media `value` names cannot be a cover, or null when it can (or names nothing). */
async function coverProblem(value: unknown, req: PayloadRequest): Promise<string | null> {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value
  if (typeof id !== 'number' && typeof id !== 'string') return null
  const media = await req.payload
    .findByID({
      collection: 'media',
      id,
      depth: 0,
      select: { width: true, mimeType: true },
      overrideAccess: true,
      disableErrors: true,
      req,
    })
    .catch(() => null)
  if (!media || !isRasterImage(media.mimeType) || typeof media.width !== 'number') return null
  return media.width >= COVER_MIN_WIDTH
    ? null
    : coverTooNarrowMessage(media.width, req.i18n?.language)
}

/** Refuses a too-narrow cover on every save, drafts included. */
const refuseNarrowCover: FieldHook = async ({ value, collection, req, path }) => {
  const problem = await coverProblem(value, req)
  if (problem === null) return value
  const error = new ValidationError(
    {
      collection: collection?.slug,
      errors: [{ path: (path ?? ['coverImage']).join('.'), message: problem }],
      req,
    },
    req.t,
  )
  // Payload logs by the error's name (`loggingLevels`); a bundler may rename the class.
  error.name = 'ValidationError'
  throw error
}

export const coverImageField: UploadField = {
  name: 'coverImage',
  label: { en: 'Cover image', es: 'Imagen de portada' },
  type: 'upload',
  relationTo: 'media',
  custom: { public: true },
  admin: {
    description: {
      en: `Images at least ${COVER_MIN_WIDTH} pixels wide; 1600 or more looks sharp on every screen.`,
      es: `Imágenes de al menos ${COVER_MIN_WIDTH} píxeles de ancho; con 1600 o más se ve nítida en cualquier pantalla.`,
    },
    components: {
      afterInput: [
        {
          path: '/src/components/admin/CoverImageCheck#CoverImageCheck',
          clientProps: { minWidth: COVER_MIN_WIDTH },
        },
      ],
    },
  },
  hooks: { beforeChange: [refuseNarrowCover] },
  validate: async (value, options) => {
    const base = await validateUpload(value, options)
    if (base !== true) return base
    return (await coverProblem(value, options.req)) ?? true
  },
}
