import type { Media } from '@/payload-types'

import { coverSizes, type MediaVariant } from '@/media/image-loader'

import { asImage, variantsOf } from './media'

/**
 * How an image in a document's rich text is served, as covers are (src/components/MediaImage.tsx):
 * the sizes generated at upload in the image's own shape (`large`, `medium`, `small`: WebP),
 * never the original, which may be a multi-megabyte PNG. Pure, so the page, the feeds and the
 * markdown twins pick the same files.
 */

/** The prose column's widest (site.css `--measure`, 70ch at the body size), in CSS pixels. */
export const PROSE_SLOT = 720
/** The page's side margins together (as for covers). */
export const PROSE_GUTTER = 40

/** The generated sizes an inline image is offered in: the first is its reference shape. */
const INLINE_SIZE_NAMES = ['large', 'medium', 'small'] as const

export interface InlineImage {
  alt: string
  /** Narrowest first; each a file of its own width, in the image's own shape. */
  variants: MediaVariant[]
  /** The widest variant's size: the `<img>`'s width and height (no layout shift). */
  width: number
  height: number
  sizes: string
}

/**
 * An upload node's image as the site serves it, or null when it is not a shown image (not
 * populated, not an image, no size known). `alt`: the node's own alt text, else the media's.
 */
export function inlineImage(value: unknown, nodeAlt?: string | null): InlineImage | null {
  const media = asImage(value)
  if (!media) return null
  const variants = inlineVariants(media)
  const widest = variants[variants.length - 1]
  if (!widest?.height) return null
  return {
    alt: nodeAlt || media.alt || '',
    variants,
    width: widest.width,
    height: widest.height,
    sizes: coverSizes(widest.width, PROSE_SLOT, PROSE_GUTTER),
  }
}

/** The inline sizes of an image, narrowest first (the original only when none was generated). */
export function inlineVariants(media: Media): MediaVariant[] {
  return [...variantsOf(media, [...INLINE_SIZE_NAMES])].sort((a, b) => a.width - b.width)
}

/**
 * The one file to link where only one can be named (the markdown twin, a feed's `src`): the
 * narrowest generated size at least as wide as the prose column shown at twice the density,
 * else the widest there is.
 */
export function bestInlineFile(media: Media): MediaVariant | null {
  const variants = inlineVariants(media)
  return variants.find((variant) => variant.width >= PROSE_SLOT * 2) ?? variants.at(-1) ?? null
}

interface RichTextNode {
  type?: unknown
  id?: unknown
  value?: unknown
  children?: unknown
}

/**
 * The first upload node in document order whose value is a shown image, or null: with no cover
 * above it, the page's largest image, which is loaded at once rather than lazily.
 */
export function firstInlineImageNode(content: unknown): RichTextNode | null {
  const root = (content as { root?: RichTextNode } | null | undefined)?.root
  const visit = (node: RichTextNode): RichTextNode | null => {
    if (node.type === 'upload' && asImage(node.value)) return node
    for (const child of Array.isArray(node.children) ? (node.children as RichTextNode[]) : []) {
      const found = child && typeof child === 'object' ? visit(child) : null
      if (found) return found
    }
    return null
  }
  return root ? visit(root) : null
}

/** Whether `node` is `first` (the same object, or the same Lexical node id). */
export function isSameNode(node: RichTextNode, first: RichTextNode | null): boolean {
  if (!first) return false
  return node === first || (typeof first.id === 'string' && node.id === first.id)
}

/**
 * A media URL's path (and query): Payload may write its URLs with its own server URL in front;
 * what leaves the site (feeds, twins) is put on the site's URL instead.
 */
export function mediaPath(url: string): string {
  const parsed = new URL(url, 'http://media.invalid')
  return `${parsed.pathname}${parsed.search}`
}
