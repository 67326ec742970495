'use client'

import { useFormFields, useTranslation } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import { coverTooNarrowMessage, isRasterImage } from '@/media/limits'

/** What the media API says of a chosen file: enough to measure it. */
interface ChosenMedia {
  width?: number | null
  mimeType?: string | null
}

/**
 * Under the cover field: says at once, when a cover is chosen, that it is too narrow, so that an
 * author (who saves drafts only) does not learn it at the next save or from an editor. The server
 * checks again on every save (src/fields/cover-image.ts); this only tells earlier.
 */
export function CoverImageCheck({ minWidth }: { minWidth: number }) {
  const { i18n } = useTranslation()
  const value = useFormFields(([fields]) => fields.coverImage?.value)
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value
  // The problem found, with the file it was found for: a later choice hides it at once.
  const [found, setFound] = useState<{ id: unknown; problem: string } | null>(null)

  useEffect(() => {
    if (typeof id !== 'number' && typeof id !== 'string') return
    const controller = new AbortController()
    fetch(`/api/media/${encodeURIComponent(String(id))}?depth=0`, {
      credentials: 'include',
      signal: controller.signal,
    })
      .then((response) => (response.ok ? (response.json() as Promise<ChosenMedia>) : null))
      .then((media) => {
        if (!media || !isRasterImage(media.mimeType) || typeof media.width !== 'number') return
        if (media.width < minWidth)
          setFound({ id, problem: coverTooNarrowMessage(media.width, i18n.language) })
      })
      .catch(() => undefined)
    return () => controller.abort()
  }, [id, minWidth, i18n.language])

  if (found === null || found.id !== id) return null
  return (
    <p className="field-error-message cover-image-check" role="alert">
      {found.problem}
    </p>
  )
}
