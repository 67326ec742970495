import type { ReactNode } from 'react'

import { creditText } from '@/media/credit'

/**
 * An image with its credit under it (src/media/credit.ts), as a figure and its caption; an image
 * without a credit is shown as it is, with no empty caption.
 */
export function CreditedImage({
  media,
  className,
  children,
}: {
  media: { credit?: string | null }
  /** The figure's class, for its place in the layout (the image keeps its own). */
  className: string
  children: ReactNode
}) {
  const credit = creditText(media)
  if (!credit) return <>{children}</>
  return (
    <figure className={`credited ${className}`}>
      {children}
      <figcaption className="media-credit">{credit}</figcaption>
    </figure>
  )
}
