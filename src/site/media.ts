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

/** The variants of an image with the same aspect ratio as `size` (card or large). */
export function variantsOf(media: Media, names: SizeName[]): MediaVariant[] {
  const variants: MediaVariant[] = []
  for (const name of names) {
    const size = media.sizes?.[name] as
      { url?: string | null; width?: number | null; height?: number | null } | undefined
    if (size?.url && size.width)
      variants.push({ url: size.url, width: size.width, height: size.height })
  }
  if (variants.length === 0 && media.url && media.width) {
    variants.push({ url: media.url, width: media.width, height: media.height })
  }
  return variants
}

/** The 1200×630 social image's URL path, if one was generated. */
export function ogImagePath(media: Media | null): string | null {
  const og = media?.sizes?.og as { url?: string | null } | undefined
  return og?.url ?? media?.url ?? null
}
