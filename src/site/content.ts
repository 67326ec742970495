import 'server-only'

import type { SelectType, Where } from 'payload'

import type { Locale } from '@/i18n/locales'
import { signedInUser } from '@/lib/auth'
import { getPayloadClient } from '@/lib/payload'
import type { CaseStudy, Category, Media, Post } from '@/payload-types'

import type { PageCollection } from './routes'
import { translatedOnly } from './translations'

/**
 * What the site's pages, markdown twins and feeds read: published documents only, exactly as an
 * anonymous caller of the public API sees them (access control applies; no user; no drafts).
 * A document with a newer unpublished edit shows its published version. Unlike the API, a
 * locale shows only the documents translated into it (src/site/translations.ts).
 */
export type SiteDocument = (Post | CaseStudy) & {
  coverImage?: Media | number | null
  categories?: (Category | number)[] | null
}

const published = { overrideAccess: false, user: null, draft: false } as const

export interface DocumentPage {
  docs: SiteDocument[]
  page: number
  totalPages: number
  totalDocs: number
}

/**
 * What a card in a list shows (src/components/DocumentCard.tsx, src/site/card.ts): reading the
 * body too would cost most of a list page's render. `industry` exists on case studies only.
 */
export const CARD_FIELDS = {
  title: true,
  slug: true,
  excerpt: true,
  publishedAt: true,
  coverImage: true,
  categories: true,
} satisfies SelectType

export const CASE_STUDY_CARD_FIELDS = { ...CARD_FIELDS, industry: true } satisfies SelectType

interface ListedRead {
  where?: Where
  select?: SelectType
}

/** How every list of the site reads: translated documents, newest first, relations at depth 1. */
const listedQuery = (
  collection: PageCollection,
  locale: Locale,
  { where, select }: ListedRead,
) => ({
  collection,
  locale,
  where: translatedOnly(where),
  depth: 1,
  sort: ['-publishedAt', '-id'],
  select,
  ...published,
})

/** One page of a list, with the counts its pagination shows. */
export async function listDocuments(
  collection: PageCollection,
  locale: Locale,
  { page = 1, limit = 100, ...read }: { page?: number; limit?: number } & ListedRead = {},
): Promise<DocumentPage> {
  const payload = await getPayloadClient()
  const result = await payload.find({ ...listedQuery(collection, locale, read), page, limit })
  return {
    docs: result.docs as SiteDocument[],
    page: result.page ?? page,
    totalPages: result.totalPages,
    totalDocs: result.totalDocs,
  }
}

/**
 * The newest `limit` documents of a list, for what shows a few and no pagination (the home page's
 * sections, related posts, the case studies): without the count of every match a page reads,
 * which cost the database a pass over all of them and a statement.
 */
export async function newestDocuments(
  collection: PageCollection,
  locale: Locale,
  { limit, ...read }: { limit: number } & ListedRead,
): Promise<SiteDocument[]> {
  const payload = await getPayloadClient()
  const { docs } = await payload.find({
    ...listedQuery(collection, locale, read),
    limit,
    pagination: false,
  })
  return docs as SiteDocument[]
}

/** Every published document of a collection in one locale (feeds, sitemap, llms.txt). */
export async function allDocuments(
  collection: PageCollection,
  locale: Locale,
): Promise<SiteDocument[]> {
  const documents: SiteDocument[] = []
  for (let page = 1; ; page += 1) {
    const batch = await listDocuments(collection, locale, { page, limit: 100 })
    documents.push(...batch.docs)
    if (page >= batch.totalPages) return documents
  }
}

/**
 * Draft preview for a signed-in editor (Next draft mode, entered through /api/preview): the
 * latest version, drafts included. Anyone else gets null and sees published pages.
 */
export async function findDocumentForPreview(
  collection: PageCollection,
  locale: Locale,
  slug: string,
  requestHeaders: Headers,
): Promise<SiteDocument | null> {
  const payload = await getPayloadClient()
  const user = await signedInUser(payload, { headers: requestHeaders })
  if (!user) return null
  const { docs } = await payload.find({
    collection,
    locale,
    // The draft shows whatever the editor is writing, translated or not.
    where: { slug: { equals: slug } },
    limit: 1,
    // A slug names one document: nothing to count.
    pagination: false,
    depth: 1,
    overrideAccess: false,
    user,
    draft: true,
  })
  return (docs[0] as SiteDocument | undefined) ?? null
}
