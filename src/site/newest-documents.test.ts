import { beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * What shows a few documents and no pagination (related posts in a draft preview, the home
 * page's sections, the case studies) read without Payload's count of every match:
 * that count cost the database a pass over all of them and a statement on every page miss.
 */

const finds: Record<string, unknown>[] = []
const stored = [
  { id: 9, slug: 'nine', categories: [] },
  { id: 8, slug: 'eight', categories: [] },
  { id: 7, slug: 'seven', categories: [] },
  { id: 6, slug: 'six', categories: [] },
]

vi.mock('@/lib/payload', () => ({
  getPayloadClient: async () => ({
    find: async (args: Record<string, unknown> & { limit?: number }) => {
      finds.push(args)
      return { docs: stored.slice(0, args.limit ?? stored.length), totalDocs: stored.length }
    },
  }),
}))

const { newestDocuments } = await import('./content')
const { relatedPosts } = await import('./categories')

beforeEach(() => {
  finds.length = 0
})

describe('reads that show no pagination', () => {
  it('newestDocuments: the newest, translated, at most the limit, with no count', async () => {
    const docs = await newestDocuments('posts', 'es', { limit: 2 })
    expect(docs.map((doc) => doc.id)).toEqual([9, 8])
    expect(finds).toHaveLength(1)
    expect(finds[0]).toMatchObject({
      collection: 'posts',
      locale: 'es',
      limit: 2,
      pagination: false,
      sort: ['-publishedAt', '-id'],
      overrideAccess: false,
      draft: false,
    })
  })

  it('related posts count nothing', async () => {
    const related = await relatedPosts('en', {
      id: 1,
      categories: [{ id: 3 }],
    } as unknown as Parameters<typeof relatedPosts>[1])
    expect(related.length).toBeGreaterThan(0)
    expect(finds.length).toBeGreaterThan(0)
    for (const find of finds) expect(find.pagination).toBe(false)
  })
})
