import type { CollectionConfig, SelectIncludeType } from 'payload'

import { CaseStudies } from '@/collections/CaseStudies'
import { Categories } from '@/collections/Categories'
import { Posts } from '@/collections/Posts'
import { TeamMembers } from '@/collections/TeamMembers'
import {
  type PublicField,
  publicDocumentFields,
  publicSelect,
  sortableFieldsOf,
} from '@/fields/public'
import { withSeoFields } from '@/fields/seo'

/**
 * The public content contract (docs/api.md): which collections are public, which of their fields
 * anonymous callers may see, select and sort on, and the query bounds. The query parser, the read
 * service, the SQL reads and the OpenAPI document all read these constants.
 *
 * Which fields are public is said on each field of the collections' config (`custom.public`,
 * `custom.sortable`: src/fields/public.ts) and derived here; a field that says nothing is private.
 */

export const PUBLIC_COLLECTIONS = ['posts', 'case-studies'] as const
export type PublicCollection = (typeof PUBLIC_COLLECTIONS)[number]

/** Every collection anonymous callers read through the public contract. */
export type ReadableCollection = PublicCollection | 'categories'

const CONFIGS: Record<ReadableCollection, CollectionConfig> = {
  posts: Posts,
  'case-studies': CaseStudies,
  categories: Categories,
}

/**
 * Each readable collection's public fields, with the public fields inside groups and arrays, in
 * the order of Payload's answer; the SEO plugin's group counted as it adds it.
 */
export const PUBLIC_FIELD_TREES: Record<ReadableCollection, readonly PublicField[]> = {
  posts: publicDocumentFields(withSeoFields(CONFIGS.posts).fields),
  'case-studies': publicDocumentFields(withSeoFields(CONFIGS['case-studies']).fields),
  categories: publicDocumentFields(CONFIGS.categories.fields),
}

const names = (collection: ReadableCollection) =>
  PUBLIC_FIELD_TREES[collection].map((field) => field.name)

/**
 * Fields an anonymous caller may see. Anything else (`internalNotes`, `_status`, a field added
 * without `custom.public`) stays private.
 */
export const PUBLIC_FIELDS: Record<PublicCollection, readonly string[]> = {
  posts: names('posts'),
  'case-studies': names('case-studies'),
}

/**
 * What anonymous reads select of each public field: all of it, or of a group or an array with
 * private fields inside, its public parts (src/content/read.ts narrows every read to this).
 */
export const PUBLIC_SELECT: Record<ReadableCollection, SelectIncludeType> = {
  posts: publicSelect(PUBLIC_FIELD_TREES.posts),
  'case-studies': publicSelect(PUBLIC_FIELD_TREES['case-studies']),
  categories: publicSelect(PUBLIC_FIELD_TREES.categories),
}

/**
 * A document's `author` (a team member, src/collections/TeamMembers.ts) as a read populates it:
 * its public fields only. Team members are no collection of the API of their own.
 */
export const AUTHOR_FIELD_TREE: readonly PublicField[] = publicDocumentFields(TeamMembers.fields)
export const AUTHOR_SELECT: SelectIncludeType = publicSelect(AUTHOR_FIELD_TREE)

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

/** Public fields each collection's lists may be ordered by (ordering by a private field would leak it). */
const SORTABLE: Record<PublicCollection, readonly string[]> = {
  posts: sortableFieldsOf(PUBLIC_FIELD_TREES.posts, QUERY_LIMITS.defaultSort),
  'case-studies': sortableFieldsOf(PUBLIC_FIELD_TREES['case-studies'], QUERY_LIMITS.defaultSort),
}

/** The fields every document list may be ordered by (each collection's, where they differ: `readContract`). */
export const SORTABLE_FIELDS: readonly string[] = SORTABLE.posts.filter((field) =>
  PUBLIC_COLLECTIONS.every((collection) => SORTABLE[collection].includes(field)),
)

/** Alphabetical by slug: shared by both locales, so the order is the same in each. */
const CATEGORY_DEFAULT_SORT = 'slug'

/**
 * Categories: a public taxonomy (no drafts), read through the same parameters, bounds, envelope
 * and errors as published documents, with their public fields only.
 */
export const CATEGORY_CONTRACT = {
  fields: names('categories'),
  sortable: sortableFieldsOf(PUBLIC_FIELD_TREES.categories, CATEGORY_DEFAULT_SORT),
  defaultSort: CATEGORY_DEFAULT_SORT,
} as const

export interface ReadContract {
  fields: readonly string[]
  sortable: readonly string[]
  defaultSort: string
}

export function readContract(collection: ReadableCollection): ReadContract {
  if (collection === 'categories') return CATEGORY_CONTRACT
  return {
    fields: PUBLIC_FIELDS[collection],
    sortable: SORTABLE[collection],
    defaultSort: QUERY_LIMITS.defaultSort,
  }
}
