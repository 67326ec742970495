import type { ImageSize } from 'payload'

/**
 * Responsive variants generated with sharp at upload. Cropped sizes use sharp's `attention`
 * strategy (the most salient region) instead of an editor-set focal point, because changing a
 * focal point would rewrite files in place under the same name (see `prepareUpload`).
 * A size larger than the original is skipped (the site falls back to the original), except
 * `large`, which is then a WebP copy at the original size.
 */
export const IMAGE_SIZES = [
  {
    // Admin lists, and with `card` the 16:9 pair of a card's srcset (src/site/media.ts).
    name: 'thumbnail',
    width: 400,
    height: 225,
    position: 'attention',
    formatOptions: { format: 'webp', options: { quality: 75 } },
  },
  {
    // Post and case-study cards (16:9).
    name: 'card',
    width: 800,
    height: 450,
    position: 'attention',
    formatOptions: { format: 'webp', options: { quality: 80 } },
  },
  {
    // Article heroes and inline images: full width, original aspect ratio.
    name: 'large',
    width: 1600,
    withoutEnlargement: true,
    formatOptions: { format: 'webp', options: { quality: 80 } },
  },
  {
    // Inline images in rich text: the original's shape at a card's and a thumbnail's width, so
    // an image of any shape gets a srcset beside `large` (src/site/content-images.ts). Skipped
    // when the original is narrower.
    name: 'small',
    width: 400,
    formatOptions: { format: 'webp', options: { quality: 78 } },
  },
  {
    name: 'medium',
    width: 800,
    formatOptions: { format: 'webp', options: { quality: 80 } },
  },
  {
    // OpenGraph / social cards: JPEG, because not every crawler reads WebP.
    name: 'og',
    width: 1200,
    height: 630,
    position: 'attention',
    formatOptions: { format: 'jpeg', options: { quality: 82, mozjpeg: true } },
  },
] as const satisfies readonly ImageSize[]

export type ImageSizeName = (typeof IMAGE_SIZES)[number]['name']

export const IMAGE_SIZE_NAMES: readonly ImageSizeName[] = IMAGE_SIZES.map((size) => size.name)
