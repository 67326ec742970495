import type { Media } from '@/payload-types'

import type { MediaVariant } from '@/components/MediaImage'

type Sizes = NonNullable<Media['sizes']>
type SizeName = keyof Sizes

/** A populated upload, or nothing (an id means it wasn't populated or isn't visible). */
export function asMedia(value: unknown): Media | null {
  return value && typeof value === 'object' && 'url' in value ? (value as Media) : null
}

/** A populated image upload that can be shown with next/image (a video or PDF can't). */
export function asImage(value: unknown): Media | null {
  const media = asMedia(value)
  return media?.mimeType?.startsWith('image/') && media.url && media.width ? media : null
}

/** How far two aspect ratios may differ and still count as the same (rounding at resize). */
const ASPECT_TOLERANCE = 0.01

/**
 * The variants an image can be shown with in the shape of the first size named (or of the
 * original, when that size wasn't generated because the original is smaller): the other sizes
 * join only with that aspect ratio, so a 16:9 crop serves a 16:9 original's hero but not a
 * portrait one's.
 */
export function variantsOf(media: Media, names: SizeName[]): MediaVariant[] {
  const generated = (name: SizeName): MediaVariant | null => {
    const size = media.sizes?.[name] as
      { url?: string | null; width?: number | null; height?: number | null } | undefined
    return size?.url && size.width
      ? { url: size.url, width: size.width, height: size.height }
      : null
  }
  const original: MediaVariant | null =
    media.url && media.width ? { url: media.url, width: media.width, height: media.height } : null
  const reference = generated(names[0]!) ?? original
  if (!reference) return []
  const aspect = (variant: MediaVariant) => (variant.height ? variant.width / variant.height : 0)
  const candidates = [reference, ...names.slice(1).map(generated)]
  return candidates.filter(
    (variant): variant is MediaVariant =>
      variant !== null &&
      (variant === reference ||
        Math.abs(aspect(variant) - aspect(reference)) <= aspect(reference) * ASPECT_TOLERANCE),
  )
}

/** The 1200×630 social image's URL path, if one was generated. */
export function ogImagePath(media: Media | null): string | null {
  const og = media?.sizes?.og as { url?: string | null } | undefined
  return og?.url ?? media?.url ?? null
}
