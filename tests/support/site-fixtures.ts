/**
 * Small in-memory content for the unit tests of the markdown twins and agent resources: documents,
 * media and Lexical editor states built by hand, and a `PublishedView` holding them.
 */
import { LOCALES, type Locale } from '@/i18n/locales'
import { emptyView, type PublishedView } from '@/site/view'
import type { Category, Media } from '@/payload-types'
import type { SiteDocument } from '@/site/content'
import type { PageCollection } from '@/site/routes'

export const SITE_URL = 'https://example.test'

type Node = Record<string, unknown>

export const text = (value: string, format = 0): Node => ({
  type: 'text',
  text: value,
  format,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
})
export const paragraph = (...children: Node[]): Node => ({
  type: 'paragraph',
  children,
  version: 1,
})
export const heading = (tag: string, ...children: Node[]): Node => ({
  type: 'heading',
  tag,
  children,
})
export const listItem = (...children: Node[]): Node => ({ type: 'listitem', children })
export const list = (listType: 'bullet' | 'number' | 'check', items: Node[], start = 1): Node => ({
  type: 'list',
  listType,
  tag: listType === 'number' ? 'ol' : 'ul',
  start,
  children: items,
})
export const link = (url: string, ...children: Node[]): Node => ({
  type: 'link',
  fields: { url, linkType: 'custom', newTab: false },
  children,
})
export const internalLink = (relationTo: string, value: unknown, ...children: Node[]): Node => ({
  type: 'link',
  fields: { linkType: 'internal', doc: { relationTo, value } },
  children,
})
export const upload = (value: unknown, alt?: string): Node => ({
  type: 'upload',
  relationTo: 'media',
  value,
  ...(alt ? { fields: { alt } } : {}),
})
export const richText = (...children: Node[]) =>
  ({
    root: { type: 'root', children, direction: 'ltr', format: '', indent: 0, version: 1 },
  }) as unknown as NonNullable<SiteDocument['content']>

export function media(id: number, filename: string, alt: string, mimeType = 'image/png'): Media {
  return {
    id,
    filename,
    alt,
    mimeType,
    url: `/api/media/file/${filename}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }
}

export function category(id: number, title: string): Category {
  return {
    id,
    title,
    slug: `category-${id}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }
}

export function doc(
  fields: Partial<SiteDocument> & Pick<SiteDocument, 'id' | 'slug' | 'title'>,
): SiteDocument {
  return {
    excerpt: null,
    content: null,
    publishedAt: '2026-03-04T09:00:00.000Z',
    coverImage: null,
    categories: [],
    meta: {},
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-05T09:00:00.000Z',
    ...fields,
  } as SiteDocument
}

/** A site holding these documents (per collection and locale) and media referred to by id. */
export function site(
  documents: Partial<Record<PageCollection, Partial<Record<Locale, SiteDocument[]>>>>,
  mediaById: Media[] = [],
): PublishedView {
  const empty = emptyView()
  return {
    documents: {
      posts: { ...empty.documents.posts, ...documents.posts },
      'case-studies': { ...empty.documents['case-studies'], ...documents['case-studies'] },
    },
    media: Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        Object.fromEntries(mediaById.map((item) => [item.id, item])),
      ]),
    ) as unknown as PublishedView['media'],
    settings: empty.settings,
    quotes: empty.quotes,
  }
}

/** An HTML tag anywhere in a text: what must never leak into the markdown. */
export const HTML_TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i
