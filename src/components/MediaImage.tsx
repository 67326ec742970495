'use client'

import Image from 'next/image'

import { variantImage, type MediaVariant } from '@/media/image-loader'

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
 * next/image over the sizes Payload generated with sharp at upload: for each width of the srcset
 * (the generated widths, next.config.ts), the loader picks the narrowest variant at least that
 * wide (else the widest), so no image is resized at request time (src/media/image-loader.ts).
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
  return (
    <Image
      loader={loader}
      unoptimized={unoptimized}
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      priority={priority}
      className={className}
    />
  )
}
