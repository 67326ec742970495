import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

/**
 * Publishing, unpublishing or deleting content makes every cached page, twin and feed that shows
 * published content fresh again. Draft saves change nothing public and revalidate nothing.
 * Outside a Next.js server (the seed script, migrations) there is no cache to revalidate.
 */
async function revalidatePublishedContent(): Promise<void> {
  try {
    const [{ revalidateTag }, { CONTENT_TAG }] = await Promise.all([
      import('next/cache'),
      import('@/site/content'),
    ])
    revalidateTag(CONTENT_TAG, { expire: 0 })
  } catch {
    // Not running inside Next.js: nothing is cached.
  }
}

const touchesPublished = (doc: unknown): boolean =>
  !doc || typeof doc !== 'object' || !('_status' in doc) || doc._status === 'published'

export const revalidateAfterChange: CollectionAfterChangeHook = async ({
  doc,
  previousDoc,
  context,
}) => {
  if (context.seeding) return doc
  if (touchesPublished(doc) || (previousDoc && touchesPublished(previousDoc))) {
    await revalidatePublishedContent()
  }
  return doc
}

export const revalidateAfterDelete: CollectionAfterDeleteHook = async ({ doc, context }) => {
  if (!context.seeding) await revalidatePublishedContent()
  return doc
}
