import type { CollectionConfig } from 'payload'

import { authenticated } from '@/access/authenticated'
import { editorsOrAdmins } from '@/access/roles'
import { env } from '@/env'
import { publicMediaOrEditors, unpublishedMediaOrEditors } from '@/media/access'
import { MEDIA_LIST_COLUMNS } from '@/media/admin-columns'
import { MEDIA_CREDIT_MAX_LENGTH, validateCreditUrl } from '@/media/credit'
import { IMAGE_SIZES } from '@/media/image-sizes'
import { MEDIA_LIMITS } from '@/media/limits'
import { prepareUpload } from '@/media/prepare-upload'
import { explainRefusedFile } from '@/media/upload-errors'

/**
 * Uploaded files. They are served by `src/app/api/media/file/[filename]/route.ts` (ranges,
 * conditional requests, embargo), not by Payload's own file handler. The storage plugin adds its
 * bookkeeping fields (`prefix`, `_objectKey`) after this config; only signed-in users read them
 * (src/media/storage-internals.ts), and they are no columns of the list.
 */
export const Media: CollectionConfig = {
  slug: 'media',
  labels: {
    singular: { en: 'Media item', es: 'Elemento multimedia' },
    plural: { en: 'Media', es: 'Multimedia' },
  },
  admin: {
    defaultColumns: MEDIA_LIST_COLUMNS,
    useAsTitle: 'filename',
    // Shown in every picker of media, the rich text's included: the cover's minimum is said by the
    // cover field itself (src/fields/cover-image.ts), where it applies.
    description: {
      en: 'Images, videos and PDFs for posts and case studies. An image in the text is shown at most at its own width, never enlarged, with smaller copies for phones.',
      es: 'Imágenes, vídeos y PDF para artículos y casos de éxito. Una imagen en el texto se muestra como mucho a su propio ancho, nunca ampliada, con copias más pequeñas para móviles.',
    },
  },
  access: {
    // Embargo: anonymous callers see only media that a published document uses.
    read: publicMediaOrEditors,
    // Authors upload images for their drafts; deleting a file, or changing one already public,
    // is for editors.
    create: authenticated,
    update: unpublishedMediaOrEditors,
    delete: editorsOrAdmins,
  },
  upload: {
    // Files live under .data/ (or MEDIA_DIR), never in the source tree.
    staticDir: env.MEDIA_DIR,
    // Checked against the file's content, not the name or the type the client claims.
    mimeTypes: [...MEDIA_LIMITS.mimeTypes],
    imageSizes: [...IMAGE_SIZES],
    adminThumbnail: 'thumbnail',
    // Both would rewrite stored files in place; sizes use sharp's attention crop instead.
    crop: false,
    focalPoint: false,
  },
  hooks: {
    beforeOperation: [prepareUpload],
    afterError: [explainRefusedFile],
  },
  fields: [
    {
      name: 'alt',
      label: { en: 'Alt text', es: 'Texto alternativo' },
      type: 'text',
      required: true,
      localized: true,
    },
    {
      // One credit for every language: a name and a licence read the same in each (src/media/credit.ts).
      name: 'credit',
      label: { en: 'Credit', es: 'Crédito' },
      type: 'text',
      maxLength: MEDIA_CREDIT_MAX_LENGTH,
      admin: {
        description: {
          en: 'Who made the picture and its licence, shown under it on the site. Leave empty for none.',
          es: 'Quién hizo la imagen y su licencia; se muestra debajo de ella en el sitio. Déjelo vacío si no hay.',
        },
      },
    },
    {
      // Where a reader checks the credit (CC BY asks for the source or the licence to be linked):
      // the credit under the picture links to it. Public like the credit, one for every language.
      name: 'creditUrl',
      label: { en: 'Credit link', es: 'Enlace del crédito' },
      type: 'text',
      validate: validateCreditUrl,
      hooks: {
        // A pasted address often brings a space with it; an emptied one is none.
        beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim() || null : value)],
      },
      admin: {
        description: {
          en: "Optional: the picture's source page or its licence (https://…). The credit links to it.",
          es: 'Opcional: la página de origen de la imagen o su licencia (https://…). El crédito enlaza a ella.',
        },
      },
    },
  ],
}
