/**
 * Idempotent demo content: media, categories, posts, case studies and the home page's sections,
 * in every locale.
 *
 * Each item is found by its natural key (media by filename, everything else by slug), compared
 * with the content in `content.ts`, and created or rewritten only when it differs. A second run
 * therefore writes nothing and adds no versions.
 *
 * Besides ordinary published documents, the content includes the cases the site must handle
 * carefully: two documents that were never published, and one published post whose newer edit is
 * saved as a draft only (the published version and the latest draft differ).
 */
import type { Payload, RequestContext } from 'payload'

import { DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/locales'
import type { Media } from '@/payload-types'

import {
  caseStudies,
  categories,
  DRAFT_ONLY_MARKER,
  HOME_HERO_IMAGE,
  images,
  INTERNAL_NOTE_MARKER,
  posts,
  UNANNOUNCED_IMAGE,
  UNPUBLISHED_EDIT_MARKER,
  type DocumentCopy,
  type SeedCaseStudy,
  type SeedDocument,
} from './content'
import { seedCredit, seedCreditUrl } from './credits'
import { upsertHome } from './home'
import { seedPeopleAndProof } from './people'
import { upsertServices } from './services'
import { readSeedImage } from './images'
import { richText } from './richText'

export interface SeedSummary {
  created: number
  updated: number
  unchanged: number
}

type Outcome = keyof SeedSummary

type PublishableSlug = 'posts' | 'case-studies'

/**
 * Local API defaults, spelled out: the seed acts with full access, and its `context` lets hooks
 * tell seed writes apart from editors' writes. A new context for every call: plugins keep a
 * call's own state on it (the S3 storage plugin its upload), so a shared one made every upload
 * after the first reuse the first's file.
 */
const asSeed = () => ({ overrideAccess: true, context: seedContext() }) as const
const seedContext = (): RequestContext => ({ seeding: true })

const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE)

type Ids = {
  media: ReadonlyMap<string, number>
  categories: ReadonlyMap<string, number>
}

export async function seedDemoContent(payload: Payload): Promise<SeedSummary> {
  assertValidContent()
  const summary: SeedSummary = { created: 0, updated: 0, unchanged: 0 }
  const count = (outcome: Outcome) => {
    summary[outcome] += 1
  }

  const media = new Map<string, number>()
  for (const image of images) {
    const [outcome, id] = await upsertMedia(payload, image)
    media.set(image.filename, id)
    count(outcome)
  }

  const categoryIds = new Map<string, number>()
  for (const category of categories) {
    const [outcome, id] = await upsertCategory(payload, category)
    categoryIds.set(category.slug, id)
    count(outcome)
  }

  const ids: Ids = { media, categories: categoryIds }
  for (const post of posts) count(await upsertDocument(payload, 'posts', post, ids))
  for (const caseStudy of caseStudies) {
    count(await upsertDocument(payload, 'case-studies', caseStudy, ids))
  }
  for (const outcome of await upsertHome(payload, media.get(HOME_HERO_IMAGE)!, seedContext())) {
    count(outcome)
  }
  for (const outcome of await upsertServices(payload, seedContext)) count(outcome)
  for (const outcome of await seedPeopleAndProof(payload, seedContext)) count(outcome)
  return summary
}

// ---------------------------------------------------------------------------------------------
// Media and categories
// ---------------------------------------------------------------------------------------------

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The seed's media item for a filename. Payload appends `-1`, `-2`… when a file of that name is
 * already on disk (say, left over from another database), so such a renamed upload counts too.
 */
async function findMedia(payload: Payload, filename: string): Promise<Media | undefined> {
  const dot = filename.lastIndexOf('.')
  const base = dot > 0 ? filename.slice(0, dot) : filename
  const extension = dot > 0 ? filename.slice(dot) : ''
  const { docs } = await payload.find({
    ...asSeed(),
    collection: 'media',
    where: { filename: { like: base } },
    locale: 'all',
    depth: 0,
    sort: 'id',
    pagination: false,
  })
  const renamed = new RegExp(`^${escapeRegExp(base)}-\\d+${escapeRegExp(extension)}$`)
  return (
    docs.find((doc) => doc.filename === filename) ??
    docs.find((doc) => typeof doc.filename === 'string' && renamed.test(doc.filename))
  )
}

async function upsertMedia(
  payload: Payload,
  image: (typeof images)[number],
): Promise<[Outcome, number]> {
  const existing = await findMedia(payload, image.filename)
  if (!existing) {
    const { data, mimetype } = await readSeedImage(image)
    const doc = await payload.create({
      ...asSeed(),
      collection: 'media',
      locale: DEFAULT_LOCALE,
      data: {
        alt: image.alt[DEFAULT_LOCALE],
        credit: seedCredit(image.filename),
        creditUrl: seedCreditUrl(image.filename),
      },
      file: { data, mimetype, name: image.filename, size: data.length },
    })
    for (const locale of OTHER_LOCALES) {
      await payload.update({
        ...asSeed(),
        collection: 'media',
        id: doc.id,
        locale,
        data: { alt: image.alt[locale] },
      })
    }
    return ['created', doc.id]
  }
  const alt = perLocale(existing.alt)
  const stale = LOCALES.filter((locale) => alt[locale] !== image.alt[locale])
  for (const locale of stale) {
    await payload.update({
      ...asSeed(),
      collection: 'media',
      id: existing.id,
      locale,
      data: { alt: image.alt[locale] },
    })
  }
  // Media seeded before credits (or their links) existed get theirs; a change in the manifest
  // follows.
  const credit = seedCredit(image.filename)
  const creditUrl = seedCreditUrl(image.filename)
  const creditStale =
    (existing.credit ?? null) !== credit || (existing.creditUrl ?? null) !== creditUrl
  if (creditStale) {
    await payload.update({
      ...asSeed(),
      collection: 'media',
      id: existing.id,
      data: { credit, creditUrl },
    })
  }
  return [stale.length || creditStale ? 'updated' : 'unchanged', existing.id]
}

async function upsertCategory(
  payload: Payload,
  category: (typeof categories)[number],
): Promise<[Outcome, number]> {
  const { docs } = await payload.find({
    ...asSeed(),
    collection: 'categories',
    where: { slug: { equals: category.slug } },
    locale: 'all',
    depth: 0,
    limit: 1,
  })
  const existing = docs[0]
  if (!existing) {
    const doc = await payload.create({
      ...asSeed(),
      collection: 'categories',
      locale: DEFAULT_LOCALE,
      data: { slug: category.slug, title: category.title[DEFAULT_LOCALE] },
    })
    for (const locale of OTHER_LOCALES) {
      await payload.update({
        ...asSeed(),
        collection: 'categories',
        id: doc.id,
        locale,
        data: { title: category.title[locale] },
      })
    }
    return ['created', doc.id]
  }
  const title = perLocale(existing.title)
  const stale = LOCALES.filter((locale) => title[locale] !== category.title[locale])
  for (const locale of stale) {
    await payload.update({
      ...asSeed(),
      collection: 'categories',
      id: existing.id,
      locale,
      data: { title: category.title[locale] },
    })
  }
  return [stale.length ? 'updated' : 'unchanged', existing.id]
}

// ---------------------------------------------------------------------------------------------
// Posts and case studies
// ---------------------------------------------------------------------------------------------

function isCaseStudy(doc: SeedDocument): doc is SeedCaseStudy {
  return 'client' in doc
}

function requireId(map: ReadonlyMap<string, number>, key: string): number {
  const id = map.get(key)
  if (id === undefined) throw new Error(`Seed content refers to unknown "${key}".`)
  return id
}

/** Fields shared by every locale. */
function sharedData(doc: SeedDocument, ids: Ids) {
  return {
    slug: doc.slug,
    publishedAt: doc.publishedAt ?? null,
    coverImage: requireId(ids.media, doc.coverImage),
    categories: doc.categories.map((slug) => requireId(ids.categories, slug)),
    internalNotes: doc.internalNotes,
    ...(isCaseStudy(doc) ? { client: doc.client, featured: doc.featured } : {}),
  }
}

/** Fields of one locale. */
function localeData(doc: SeedDocument, locale: Locale) {
  const copy: DocumentCopy = doc.copy[locale]
  return {
    title: copy.title,
    excerpt: copy.excerpt,
    content: richText(copy.body),
    meta: { title: copy.metaTitle, description: copy.metaDescription },
    ...(isCaseStudy(doc)
      ? {
          industry: doc.industry[locale],
          challenge: doc.summary[locale].challenge,
          solution: doc.summary[locale].solution,
          results: doc.summary[locale].results.map(({ value, label }) => ({ value, label })),
        }
      : {}),
  }
}

/**
 * A document reduced to what the seed controls, in a form that compares equal whichever way it
 * was produced: from the seed content, or read back with `locale: 'all'`.
 */
interface Comparable {
  status: 'draft' | 'published'
  shared: Record<string, unknown>
  locales: Record<string, Record<string, unknown>>
}

type Version = 'published' | 'pending-edit' | 'draft'

function expectedState(doc: SeedDocument, ids: Ids, version: Version): Comparable {
  const locales: Comparable['locales'] = {}
  for (const locale of LOCALES) {
    const { meta, ...rest } = localeData(doc, locale)
    locales[locale] = { ...rest, metaTitle: meta.title, metaDescription: meta.description }
  }
  const edit = version === 'pending-edit' ? doc.pendingEdit : undefined
  if (edit) locales[DEFAULT_LOCALE] = { ...locales[DEFAULT_LOCALE], ...edit }
  return {
    status: version === 'published' ? 'published' : 'draft',
    shared: normalizeShared(sharedData(doc, ids)),
    locales,
  }
}

function actualState(doc: Record<string, unknown>, seed: SeedDocument): Comparable {
  const meta = (doc.meta ?? {}) as Record<string, unknown>
  const localizedFields: Record<string, Record<string, unknown>> = {
    title: perLocale(doc.title),
    excerpt: perLocale(doc.excerpt),
    content: perLocale(doc.content),
    metaTitle: perLocale(meta.title),
    metaDescription: perLocale(meta.description),
    ...(isCaseStudy(seed)
      ? {
          industry: perLocale(doc.industry),
          challenge: perLocale(doc.challenge),
          solution: perLocale(doc.solution),
          results: Object.fromEntries(
            Object.entries(perLocale(doc.results)).map(([locale, rows]) => [
              locale,
              Array.isArray(rows)
                ? rows.map((row: { value?: unknown; label?: unknown }) => ({
                    value: row.value,
                    label: row.label,
                  }))
                : rows,
            ]),
          ),
        }
      : {}),
  }
  const locales: Comparable['locales'] = {}
  for (const locale of LOCALES) {
    locales[locale] = Object.fromEntries(
      Object.entries(localizedFields).map(([name, values]) => [name, values[locale] ?? null]),
    )
  }
  const shared: Record<string, unknown> = {
    slug: doc.slug,
    publishedAt: doc.publishedAt,
    coverImage: relationId(doc.coverImage),
    categories: Array.isArray(doc.categories) ? doc.categories.map(relationId) : [],
    internalNotes: doc.internalNotes,
    ...(isCaseStudy(seed) ? { client: doc.client, featured: doc.featured } : {}),
  }
  return {
    status: doc._status === 'published' ? 'published' : 'draft',
    shared: normalizeShared(shared),
    locales,
  }
}

function normalizeShared(shared: Record<string, unknown>): Record<string, unknown> {
  const { publishedAt } = shared
  return {
    ...shared,
    publishedAt:
      typeof publishedAt === 'string' && publishedAt ? new Date(publishedAt).toISOString() : null,
  }
}

async function readDocument(
  payload: Payload,
  collection: PublishableSlug,
  id: number,
  draft: boolean,
): Promise<Record<string, unknown>> {
  const doc = await payload.findByID({
    ...asSeed(),
    collection,
    id,
    draft,
    locale: 'all',
    depth: 0,
  })
  return doc as unknown as Record<string, unknown>
}

async function upsertDocument(
  payload: Payload,
  collection: PublishableSlug,
  doc: SeedDocument,
  ids: Ids,
): Promise<Outcome> {
  // The collection's own table holds every document, drafts included, once.
  const { docs } = await payload.find({
    ...asSeed(),
    collection,
    where: { slug: { equals: doc.slug } },
    depth: 0,
    limit: 1,
  })
  const existing = docs[0]
  return doc.status === 'draft'
    ? upsertDraftOnly(payload, collection, doc, ids, existing)
    : upsertPublished(payload, collection, doc, ids, existing)
}

async function upsertPublished(
  payload: Payload,
  collection: PublishableSlug,
  doc: SeedDocument,
  ids: Ids,
  existing: { id: number } | undefined,
): Promise<Outcome> {
  if (existing) {
    const published = actualState(await readDocument(payload, collection, existing.id, false), doc)
    const latest = actualState(await readDocument(payload, collection, existing.id, true), doc)
    const wanted = expectedState(doc, ids, 'published')
    const wantedLatest = doc.pendingEdit ? expectedState(doc, ids, 'pending-edit') : wanted
    if (deepEqual(published, wanted) && deepEqual(latest, wantedLatest)) return 'unchanged'
  }

  // Publish every locale: first the default one (creating the document if needed), then the others.
  let id = existing?.id
  for (const locale of LOCALES) {
    const data = {
      ...sharedData(doc, ids),
      ...localeData(doc, locale),
      _status: 'published' as const,
    }
    if (id === undefined) {
      id = (await payload.create({ ...asSeed(), collection, locale, data })).id
    } else {
      await payload.update({ ...asSeed(), collection, id, locale, data })
    }
  }

  // A newer edit saved as a draft: the published document itself stays as it is.
  if (doc.pendingEdit && id !== undefined) {
    await payload.update({
      ...asSeed(),
      collection,
      id,
      locale: DEFAULT_LOCALE,
      draft: true,
      data: { ...doc.pendingEdit, _status: 'draft' },
    })
  }
  return existing ? 'updated' : 'created'
}

async function hasPublishedVersion(
  payload: Payload,
  collection: PublishableSlug,
  id: number,
): Promise<boolean> {
  const { totalDocs } = await payload.findVersions({
    ...asSeed(),
    collection,
    where: { and: [{ parent: { equals: id } }, { 'version._status': { equals: 'published' } }] },
    depth: 0,
    limit: 1,
  })
  return totalDocs > 0
}

async function upsertDraftOnly(
  payload: Payload,
  collection: PublishableSlug,
  doc: SeedDocument,
  ids: Ids,
  existing: { id: number; _status?: 'draft' | 'published' | null } | undefined,
): Promise<Outcome> {
  let id = existing?.id
  if (id !== undefined) {
    if (existing?._status === 'published' || (await hasPublishedVersion(payload, collection, id))) {
      // It must never have been published: only a fresh document (with no history) is that.
      await payload.delete({ ...asSeed(), collection, id })
      id = undefined
    } else {
      const wanted = expectedState(doc, ids, 'draft')
      const main = actualState(await readDocument(payload, collection, id, false), doc)
      const latest = actualState(await readDocument(payload, collection, id, true), doc)
      if (deepEqual(main, wanted) && deepEqual(latest, wanted)) return 'unchanged'
    }
  }

  for (const locale of LOCALES) {
    const data = { ...sharedData(doc, ids), ...localeData(doc, locale), _status: 'draft' as const }
    if (id === undefined) {
      id = (await payload.create({ ...asSeed(), collection, locale, draft: true, data })).id
    } else {
      // Not `draft: true`: that would write a version only, leaving this locale missing from the
      // document's own row. With `_status: 'draft'` this still publishes nothing.
      await payload.update({ ...asSeed(), collection, id, locale, data })
    }
  }
  return existing ? 'updated' : 'created'
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** A localized value read with `locale: 'all'`: `{ en: …, es: … }`. */
function perLocale(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function relationId(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && 'id' in value) return value.id
  return value ?? null
}

/** Structural equality of JSON-like values; key order is ignored (jsonb reorders keys). */
function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return (a ?? null) === (b ?? null)
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => deepEqual(item, b[index]))
    )
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = new Set([...Object.keys(left), ...Object.keys(right)])
  return [...keys].every((key) => deepEqual(left[key], right[key]))
}

/** Catches mistakes in `content.ts` before anything is written. */
function assertValidContent(): void {
  const problems: string[] = []
  const imageNames = new Set(images.map((image) => image.filename))
  const categorySlugs = new Set(categories.map((category) => category.slug))
  const documents: SeedDocument[] = [...posts, ...caseStudies]
  const slugs = new Set<string>()

  for (const doc of documents) {
    const where = `"${doc.slug}"`
    if (slugs.has(doc.slug)) problems.push(`${where}: duplicate slug`)
    slugs.add(doc.slug)
    if (!imageNames.has(doc.coverImage)) problems.push(`${where}: unknown image ${doc.coverImage}`)
    for (const slug of doc.categories) {
      if (!categorySlugs.has(slug)) problems.push(`${where}: unknown category ${slug}`)
    }
    if (doc.categories.length < 1 || doc.categories.length > 2) {
      problems.push(`${where}: needs one or two categories`)
    }
    if (!doc.internalNotes.startsWith(INTERNAL_NOTE_MARKER)) {
      problems.push(`${where}: internal notes must start with ${INTERNAL_NOTE_MARKER}`)
    }
    const draftOnly = doc.status === 'draft'
    if (!draftOnly && !doc.publishedAt) problems.push(`${where}: published without publishedAt`)
    if (draftOnly && doc.pendingEdit) problems.push(`${where}: a draft has no pending edit`)
    if (doc.pendingEdit && !doc.pendingEdit.title.includes(UNPUBLISHED_EDIT_MARKER)) {
      problems.push(`${where}: pending edit title lacks ${UNPUBLISHED_EDIT_MARKER}`)
    }
    if ((doc.coverImage === UNANNOUNCED_IMAGE) !== draftOnly) {
      problems.push(`${where}: ${UNANNOUNCED_IMAGE} is for never-published documents only`)
    }
    for (const locale of LOCALES) {
      const copy = doc.copy[locale]
      if (copy.title.includes(DRAFT_ONLY_MARKER) !== draftOnly) {
        problems.push(`${where}: ${DRAFT_ONLY_MARKER} belongs in draft-only titles only`)
      }
      if (copy.metaTitle.length > 70) problems.push(`${where}: ${locale} meta title over 70`)
      if (copy.metaDescription.length > 160) {
        problems.push(`${where}: ${locale} meta description over 160`)
      }
      if (copy.excerpt.length > 400) problems.push(`${where}: ${locale} excerpt over 400`)
      if (copy.body.length < 3 || copy.body.length > 6) {
        problems.push(`${where}: ${locale} body needs 3 to 6 blocks`)
      }
    }
  }
  if (problems.length) throw new Error(`Invalid seed content:\n  ${problems.join('\n  ')}`)
}
