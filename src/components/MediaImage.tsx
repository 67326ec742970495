'use client'

import Image, { type ImageLoader } from 'next/image'

export interface MediaVariant {
  url: string
  width: number
  height?: number | null
}

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
 * next/image over the sizes Payload generated with sharp at upload: for each width the browser
 * may ask for, the loader picks the smallest variant at least that wide (else the largest), so no
 * image is resized at request time.
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
  const ordered = [...variants].sort((a, b) => a.width - b.width)
  const loader: ImageLoader = ({ width: wanted }) =>
    (ordered.find((variant) => variant.width >= wanted) ?? ordered[ordered.length - 1])!.url
  return (
    <Image
      loader={loader}
      src={ordered[ordered.length - 1]!.url}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      priority={priority}
      className={className}
    />
  )
}
