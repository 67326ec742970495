import 'server-only'

import { getPayloadClient } from '@/lib/payload'
import { logger } from '@/lib/logger'

import { REDIRECTS_COLLECTION } from './collection'
import { isSafeRedirectTarget, normalRedirectSource, readRedirectTarget } from './paths'

/**
 * Where the request path `path` has moved to, or null. Asked only on the not-found path (a page
 * about to answer 404), so found pages and cache hits never pay for it: one query on the unique
 * index of `from`. A failure reads as "no redirect": the visitor still gets the not-found page.
 */
export async function movedTo(path: string): Promise<string | null> {
  const from = normalRedirectSource(path)
  if (from === null) return null
  try {
    const payload = await getPayloadClient()
    const { docs } = await payload.find({
      collection: REDIRECTS_COLLECTION,
      where: { from: { equals: from } },
      select: { to: true },
      limit: 1,
      depth: 0,
      pagination: false,
      overrideAccess: true,
    })
    const to = (docs[0] as { to?: unknown } | undefined)?.to
    // Checked again here: only a safe same-site path is ever a `Location`, and one saved before
    // targets were read as the site routes them is not followed back to its own page or to a
    // route that redirects on its own (a save refuses both now: src/redirects/follow.ts).
    if (typeof to !== 'string' || !isSafeRedirectTarget(to)) return null
    const target = readRedirectTarget(to)
    return target.kind === 'path' && target.key !== from ? target.to : null
  } catch (error) {
    logger.warn({ path: from, err: String(error) }, 'redirect lookup failed')
    return null
  }
}
