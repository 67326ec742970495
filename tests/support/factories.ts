import sharp from 'sharp'

import { COVER_MIN_WIDTH } from '@/media/limits'

import { asAdmin, asAdminJson, getJson } from './api'

import { lexical } from './lexical'

export { lexical }

export type PublicCollection = 'posts' | 'case-studies'

let sequence = 0
/** A slug no other test uses. */
export function uniqueSlug(prefix: string): string {
  sequence += 1
  return `${prefix}-${Date.now().toString(36)}-${sequence}`
}

export interface DocumentInput {
  status: 'published' | 'draft'
  slug?: string
  title?: { en: string; es?: string }
  excerpt?: { en: string; es?: string }
  internalNotes?: string
  publishedAt?: string
  coverImage?: number
  categories?: number[]
}

export interface CreatedDocument {
  id: number
  slug: string
  title: { en: string; es?: string }
}

/** Creates a post or case study through the REST API as an editor would, in English and Spanish. */
export async function createDocument(
  collection: PublicCollection,
  input: DocumentInput,
): Promise<CreatedDocument> {
  const slug = input.slug ?? uniqueSlug(collection)
  const title = input.title ?? { en: `Title ${slug}`, es: `Título ${slug}` }
  const draft = input.status === 'draft' ? '&draft=true' : ''
  const created = await asAdminJson<{ doc: { id: number } }>(
    `/api/${collection}?locale=en${draft}`,
    {
      method: 'POST',
      body: JSON.stringify({
        _status: input.status,
        slug,
        title: title.en,
        excerpt: input.excerpt?.en ?? `Excerpt of ${slug}`,
        content: lexical(`Body of ${title.en}`),
        internalNotes: input.internalNotes,
        publishedAt: input.publishedAt,
        coverImage: input.coverImage,
        categories: input.categories,
      }),
    },
  )
  const id = created.doc.id
  if (title.es) {
    await asAdminJson(`/api/${collection}/${id}?locale=es${draft}`, {
      method: 'PATCH',
      body: JSON.stringify({
        _status: input.status,
        title: title.es,
        excerpt: input.excerpt?.es ?? `Resumen de ${slug}`,
        content: lexical(`Cuerpo de ${title.es}`),
      }),
    })
  }
  return { id, slug, title }
}

/**
 * A publication date later than every published document of `collection`'s, plus `offsetMs`:
 * files share one database and run in any order, and some publish documents dated years ahead,
 * so "newest" has to be measured, not assumed.
 */
export async function afterTheNewest(collection: PublicCollection, offsetMs = 0): Promise<Date> {
  const { body } = await getJson<{ docs: { publishedAt?: string | null }[] }>(
    `/api/${collection}?sort=-publishedAt&limit=1&depth=0&select=publishedAt`,
  )
  const docs = body.docs
  const newest = Date.parse(docs[0]?.publishedAt ?? '')
  return new Date(Math.max(Number.isNaN(newest) ? 0 : newest + 60_000, Date.now()) + offsetMs)
}

/** Saves a newer draft of a published document without publishing it. */
export async function saveUnpublishedEdit(
  collection: PublicCollection,
  id: number,
  data: Record<string, unknown>,
): Promise<void> {
  await asAdminJson(`/api/${collection}/${id}?locale=en&draft=true`, {
    method: 'PATCH',
    body: JSON.stringify({ ...data, _status: 'draft' }),
  })
}

export async function createCategory(title: { en: string; es: string }): Promise<number> {
  const slug = uniqueSlug('category')
  const { doc } = await asAdminJson<{ doc: { id: number } }>('/api/categories?locale=en', {
    method: 'POST',
    body: JSON.stringify({ title: title.en, slug }),
  })
  await asAdminJson(`/api/categories/${doc.id}?locale=es`, {
    method: 'PATCH',
    body: JSON.stringify({ title: title.es }),
  })
  return doc.id
}

/**
 * Uploads a generated one-colour PNG (small in bytes) to the media collection; returns its id and
 * filename. By default exactly as wide as a cover must be (COVER_MIN_WIDTH), so it may be one.
 */
export async function createImage(
  alt: string,
  {
    width = COVER_MIN_WIDTH,
    height = Math.round((COVER_MIN_WIDTH * 9) / 16),
  }: { width?: number; height?: number } = {},
): Promise<{ id: number; filename: string }> {
  const png = await sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append(
    'file',
    new Blob([new Uint8Array(png)], { type: 'image/png' }),
    `${uniqueSlug('image')}.png`,
  )
  form.append('_payload', JSON.stringify({ alt }))
  const response = await asAdmin('/api/media', { method: 'POST', body: form })
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`)
  const { doc } = (await response.json()) as { doc: { id: number; filename: string } }
  return doc
}
