import type { ReactNode } from 'react'

import { creditLink, creditText } from '@/media/credit'

/**
 * An image with its credit under it (src/media/credit.ts), as a figure and its caption; an image
 * without a credit is shown as it is, with no empty caption. A credit with a link is that link,
 * in the same tab. No `rel="license"`: HTML gives it to the licence of the page's main content,
 * and the page around a credited picture is not under the picture's licence.
 */
export function CreditedImage({
  media,
  className,
  children,
}: {
  media: { credit?: string | null; creditUrl?: string | null }
  /** The figure's class, for its place in the layout (the image keeps its own). */
  className: string
  children: ReactNode
}) {
  const credit = creditText(media)
  if (!credit) return <>{children}</>
  const href = creditLink(media)
  return (
    <figure className={`credited ${className}`}>
      {children}
      <figcaption className="media-credit">
        {href ? <a href={href}>{credit}</a> : credit}
      </figcaption>
    </figure>
  )
}
