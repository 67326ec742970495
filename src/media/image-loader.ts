import { IMAGE_SIZES, type ImageSizeName } from './image-sizes'

/**
 * How the site's `next/image` picks among the files Payload generated at upload (nothing is
 * resized at request time). Kept free of React and of `@/` imports: next.config.ts reads
 * `PAGE_IMAGE_WIDTHS` from here.
 */

export interface MediaVariant {
  url: string
  width: number
  height?: number | null
}

/** The generated sizes pages show (`og` is only for crawlers' link previews). */
const PAGE_SIZE_NAMES: readonly ImageSizeName[] = ['thumbnail', 'card', 'small', 'medium', 'large']

/**
 * The widths Next.js builds every srcset from (next.config.ts `images.deviceSizes`): exactly the
 * widths of the generated sizes, so each srcset candidate names a file of its real width instead
 * of one file repeated under Next's default widths (640w, 750w, … 3840w).
 */
export const PAGE_IMAGE_WIDTHS: readonly number[] = [
  ...new Set(
    IMAGE_SIZES.filter((size) => PAGE_SIZE_NAMES.includes(size.name)).map((size) => size.width),
  ),
].sort((a, b) => a - b)

/** One variant per width (the first given wins: the shape the caller asked for first), narrowest first. */
export function distinctWidths(variants: readonly MediaVariant[]): MediaVariant[] {
  const byWidth = new Map<number, MediaVariant>()
  for (const variant of variants)
    if (!byWidth.has(variant.width)) byWidth.set(variant.width, variant)
  return [...byWidth.values()].sort((a, b) => a.width - b.width)
}

/** The narrowest variant at least `width` wide, else the widest: the file to send for that width. */
export function variantForWidth(ordered: readonly MediaVariant[], width: number): MediaVariant {
  const widest = ordered[ordered.length - 1]
  if (!widest) throw new Error('An image needs at least one variant.')
  return ordered.find((variant) => variant.width >= width) ?? widest
}

export interface VariantImage {
  /** What next/image calls `src`: the name it hands the loader, never requested as such. */
  src: string
  loader: (request: { width: number }) => string
  /** One file only: nothing to choose, so no srcset (Next's own advice for such an image). */
  unoptimized: boolean
}

/**
 * next/image's inputs for an image with these variants. Next checks in development that the
 * loader's answer for the rendered width differs from `src` (else "loader does not implement
 * width"). `src` is therefore the narrowest file, which the loader returns only for widths no
 * wider than it: the site renders an image at its widest variant's width or more (cards at the
 * card size, article covers at the original's), so with two or more variants the loader's answer
 * for the rendered width is never the narrowest file.
 */
export function variantImage(variants: readonly MediaVariant[]): VariantImage {
  const ordered = distinctWidths(variants)
  const narrowest = ordered[0]
  if (!narrowest) throw new Error('An image needs at least one variant.')
  return {
    src: narrowest.url,
    loader: ({ width }) => variantForWidth(ordered, width).url,
    unoptimized: ordered.length < 2,
  }
}

/**
 * A srcset that describes each file by its real width: next/image lists a candidate for every
 * configured width, and for widths past the widest variant the loader can only answer with that
 * variant, which the browser would then take for a wider file than it is (and, at a high pixel
 * density, show blurred). Each file is listed once, at its own width.
 */
export function srcSetWithinWidest(srcSet: string, variants: readonly MediaVariant[]): string {
  const widthOf = new Map(variants.map((variant) => [variant.url, variant.width]))
  const candidates: string[] = []
  for (const entry of srcSet.split(',')) {
    const [url = '', descriptor] = entry.trim().split(/\s+/)
    const width = widthOf.get(url)
    const honest = width === undefined ? `${url} ${descriptor ?? ''}`.trim() : `${url} ${width}w`
    if (url !== '' && !candidates.includes(honest)) candidates.push(honest)
  }
  return candidates.join(', ')
}

/** The cover slot's `sizes`: the image is shown at most at `slot` CSS pixels and its own width. */
export function coverSizes(intrinsicWidth: number, slot: number, gutter: number): string {
  const shown = Math.min(intrinsicWidth, slot)
  return `(min-width: ${shown + gutter}px) ${shown}px, 100vw`
}
