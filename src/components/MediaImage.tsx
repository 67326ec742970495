import { getImageProps } from 'next/image'
import { preload } from 'react-dom'

import { srcSetWithinWidest, variantImage, type MediaVariant } from '@/media/image-loader'

export type { MediaVariant }

export interface MediaImageProps {
  alt: string
  /** The original and the variants generated at upload (thumbnail, card, large, og…). */
  variants: MediaVariant[]
  width: number
  height: number
  sizes: string
  priority?: boolean
  className?: string
}

/**
 * next/image's props over the sizes Payload generated with sharp at upload: for each width of the
 * srcset (the generated widths, next.config.ts), the loader picks the narrowest variant at least
 * that wide (else the widest), so no image is resized at request time (src/media/image-loader.ts);
 * each file is then described by its own width, so the browser never takes a small original for
 * a wide one. A server component (the loader is a function, which a client component could not
 * be handed), so it ships no JavaScript.
 */
export function MediaImage({
  alt,
  variants,
  width,
  height,
  sizes,
  priority,
  className,
}: MediaImageProps) {
  const { src, loader, unoptimized } = variantImage(variants)
  const { props } = getImageProps({
    loader,
    unoptimized,
    src,
    alt,
    width,
    height,
    sizes,
    priority,
    // The page's largest image (its LCP) is asked for ahead of the other images, from the <img>
    // as well as its preload (getImageProps leaves this to the caller).
    fetchPriority: priority ? 'high' : undefined,
    className,
  })
  const srcSet = props.srcSet ? srcSetWithinWidest(props.srcSet, variants) : undefined
  // What next/image does for a priority image: the browser fetches it before it meets the <img>.
  if (priority) {
    preload(props.src, {
      as: 'image',
      imageSrcSet: srcSet,
      imageSizes: props.sizes,
      fetchPriority: 'high',
    })
  }
  // eslint-disable-next-line @next/next/no-img-element -- next/image's own props, srcset rewritten
  return <img {...props} srcSet={srcSet} alt={alt} />
}
