/**
 * The public content contract (docs/api.md): which collections are public,
 * which of their fields anonymous callers may see, select and sort on, and the query bounds.
 * The query parser, the read service and the OpenAPI document all read these constants.
 */

export const PUBLIC_COLLECTIONS = ['posts', 'case-studies'] as const
export type PublicCollection = (typeof PUBLIC_COLLECTIONS)[number]

const COMMON_FIELDS = [
  'title',
  'slug',
  'excerpt',
  'content',
  'publishedAt',
  'coverImage',
  'categories',
  'meta',
  'createdAt',
  'updatedAt',
] as const

/**
 * Fields an anonymous caller may see. Anything not listed (`internalNotes`, `_status`, fields added
 * later) stays private until someone decides otherwise here.
 */
export const PUBLIC_FIELDS: Record<PublicCollection, readonly string[]> = {
  posts: COMMON_FIELDS,
  'case-studies': [
    ...COMMON_FIELDS,
    'client',
    'industry',
    'challenge',
    'solution',
    'results',
    'featured',
  ],
}

/** Public fields that lists may be ordered by (ordering by a private field would leak it). */
export const SORTABLE_FIELDS = [
  'publishedAt',
  'title',
  'slug',
  'createdAt',
  'updatedAt',
  'id',
] as const

/**
 * Categories: a public taxonomy (no drafts), read through the same parameters, bounds, envelope
 * and errors as published documents, with these fields only.
 */
export const CATEGORY_CONTRACT = {
  fields: ['title', 'slug', 'createdAt', 'updatedAt'],
  sortable: ['title', 'slug', 'createdAt', 'updatedAt', 'id'],
  /** Alphabetical by slug: shared by both locales, so the order is the same in each. */
  defaultSort: 'slug',
} as const

/** Every collection anonymous callers read through the public contract. */
export type ReadableCollection = PublicCollection | 'categories'

export interface ReadContract {
  fields: readonly string[]
  sortable: readonly string[]
  defaultSort: string
}

export function readContract(collection: ReadableCollection): ReadContract {
  if (collection === 'categories') return CATEGORY_CONTRACT
  return {
    fields: PUBLIC_FIELDS[collection],
    sortable: SORTABLE_FIELDS,
    defaultSort: QUERY_LIMITS.defaultSort,
  }
}

export const QUERY_LIMITS = {
  limitDefault: 10,
  limitMax: 100,
  depthDefault: 1,
  depthMax: 3,
  pageMax: 1_000_000,
  slugMaxLength: 200,
  /** Newest first: what a reader of a blog or portfolio expects. */
  defaultSort: '-publishedAt',
} as const
