'use client'

import { useModal, useRouteTransition } from '@payloadcms/ui'
import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import type { ReactNode } from 'react'

/**
 * A version in the "more versions" drawer of Payload's comparison view: choosing it compares the
 * version being viewed against this one (the view's `versionFrom`), as Payload's own list does in
 * its drawer, and closes the drawer.
 */
export function CompareFromButton({
  versionId,
  children,
}: {
  versionId: number | string
  children: ReactNode
}) {
  const { closeAllModals } = useModal()
  const router = useRouter()
  const pathname = usePathname()
  const searchParams = useSearchParams()
  const { startRouteTransition } = useRouteTransition()
  return (
    <button
      type="button"
      className="created-at-cell"
      data-compare-from={String(versionId)}
      onClick={() => {
        closeAllModals()
        const query = new URLSearchParams(Array.from(searchParams.entries()))
        query.set('versionFrom', String(versionId))
        startRouteTransition(() => router.push(`${pathname}?${query.toString()}`))
      }}
    >
      {children}
    </button>
  )
}
