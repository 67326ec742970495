import type { CollectionConfig, Config, Field, GroupField, Plugin } from 'payload'
import {
  MetaDescriptionField,
  MetaImageField,
  MetaTitleField,
  OverviewField,
  PreviewField,
} from '@payloadcms/plugin-seo/fields'
import type { SEOPluginConfig } from '@payloadcms/plugin-seo/types'

import { env } from '@/env'
import type { AdminText } from '@/i18n/admin-text'
import { DEFAULT_LOCALE, isLocale } from '@/i18n/locales'

/**
 * The SEO fields of posts and case studies, from Payload's SEO plugin: a search-result preview,
 * length indicators against `SEO_LENGTHS`, and "generate" buttons that fill the title and
 * description from the document itself. Each falls back, on the site, to the document's own
 * title, excerpt and cover. Besides the plugin's fields, a "hide from search engines" switch
 * (src/site/indexing.ts says what it hides the document from). All of them are public
 * (`custom.public`, src/fields/public.ts).
 */

/** What search engines show before cutting off, as the plugin's indicators measure them. */
export const SEO_LENGTHS = { titleMax: 70, descriptionMax: 160 } as const

/** The first `max` characters of `text` on a word boundary, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** The plain text of a Lexical document (the plugin's "generate" reads the unsaved form). */
export function lexicalPlainText(state: unknown): string {
  const parts: string[] = []
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (typeof node !== 'object' || node === null) return
    const record = node as { type?: unknown; text?: unknown; children?: unknown }
    if (record.type === 'text' && typeof record.text === 'string') parts.push(record.text)
    visit(record.children)
    if (record.type === 'paragraph' || record.type === 'heading') parts.push(' ')
  }
  visit((state as { root?: unknown } | null)?.root)
  return parts.join('')
}

interface GeneratingDoc {
  title?: unknown
  excerpt?: unknown
  content?: unknown
  slug?: unknown
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** "Generate" for the SEO title: the document's title, within the length search engines show. */
export function generateSeoTitle({ doc }: { doc: GeneratingDoc }): string {
  return clip(text(doc.title), SEO_LENGTHS.titleMax)
}

/** "Generate" for the SEO description: the excerpt, else the start of the body. */
export function generateSeoDescription({ doc }: { doc: GeneratingDoc }): string {
  const source = text(doc.excerpt).trim() || lexicalPlainText(doc.content)
  return clip(source, SEO_LENGTHS.descriptionMax)
}

/** The page URL the search-result preview shows. */
export function seoPreviewUrl({
  doc,
  locale,
  collectionConfig,
}: {
  doc: GeneratingDoc
  locale?: string
  collectionConfig?: { slug: string }
}): string {
  const code = isLocale(locale) ? locale : DEFAULT_LOCALE
  const section = collectionConfig?.slug === 'posts' ? 'blog' : 'case-studies'
  return `${env.SITE_URL}/${code}/${section}/${text(doc.slug)}`
}

/** A plugin field with our label and description, in both admin languages. */
const described = <T extends Field>(field: T, label: AdminText, description: AdminText): T =>
  ({ ...field, label, admin: { ...field.admin, description } }) as T

/** Shown to anonymous callers, as the rest of the SEO metadata. */
const shown = <T extends Field>(field: T): T =>
  ({ ...field, custom: { ...field.custom, public: true } }) as T

/** The plugin's fields, with our limits and descriptions, and the noindex switch. */
function seoFields({ defaultFields }: { defaultFields: Field[] }): Field[] {
  return defaultFields
    .flatMap((field): Field[] => {
      if (!('name' in field)) return [field]
      switch (field.name) {
        case 'title':
          return [
            described(
              shown({ ...field, maxLength: SEO_LENGTHS.titleMax } as Field),
              { en: 'Meta title', es: 'Meta título' },
              {
                en: `The title in search results and link previews. Empty: the document's title. Up to ${SEO_LENGTHS.titleMax} characters.`,
                es: `El título en los resultados de búsqueda y las vistas previas de enlaces. Vacío: el título del documento. Hasta ${SEO_LENGTHS.titleMax} caracteres.`,
              },
            ),
          ]
        case 'description':
          return [
            described(
              shown({ ...field, maxLength: SEO_LENGTHS.descriptionMax } as Field),
              { en: 'Meta description', es: 'Meta descripción' },
              {
                en: `The summary under the title in search results and link previews. Empty: the excerpt. Up to ${SEO_LENGTHS.descriptionMax} characters.`,
                es: `El resumen bajo el título en los resultados de búsqueda y las vistas previas de enlaces. Vacío: el extracto. Hasta ${SEO_LENGTHS.descriptionMax} caracteres.`,
              },
            ),
          ]
        case 'image':
          return [
            described(
              // One image for every language (as before the plugin).
              shown({ ...field, localized: false } as Field),
              { en: 'Meta image', es: 'Meta imagen' },
              {
                en: 'The picture of link previews. Empty: the cover image.',
                es: 'La imagen de las vistas previas de enlaces. Vacío: la imagen de portada.',
              },
            ),
          ]
        case 'overview':
          return [{ ...field, label: { en: 'Overview', es: 'Resumen' } } as Field]
        case 'preview':
          return [{ ...field, label: { en: 'Preview', es: 'Vista previa' } } as Field]
        default:
          return [field]
      }
    })
    .concat({
      name: 'noindex',
      type: 'checkbox',
      label: { en: 'Hide from search engines', es: 'Ocultar a los buscadores' },
      defaultValue: false,
      custom: {
        public: true,
        apiSchema: {
          description:
            'Hidden from search engines by an editor: the page says `noindex` and the sitemap, llms.txt and schema.jsonl leave it out; it is still published and listed here.',
        },
      },
      admin: {
        description: {
          en: 'Asks search engines not to index this page (robots noindex) and leaves it out of the sitemap, llms.txt, llms-full.txt and schema.jsonl. It stays reachable by its URL, in the site lists, feeds and search, and in the API.',
          es: 'Pide a los buscadores que no indexen esta página (robots noindex) y la deja fuera del sitemap, llms.txt, llms-full.txt y schema.jsonl. Sigue accesible por su URL, en las listas del sitio, los feeds y la búsqueda, y en la API.',
        },
      },
    })
}

export const seoPluginConfig: SEOPluginConfig = {
  collections: ['posts', 'case-studies'],
  uploadsCollection: 'media',
  tabbedUI: false,
  fields: seoFields,
  generateTitle: generateSeoTitle,
  generateDescription: generateSeoDescription,
  generateURL: seoPreviewUrl,
}

/** The SEO group's label: the same word in both admin languages. */
const SEO_GROUP_LABEL: AdminText = { en: 'SEO', es: 'SEO' }

/** The group the plugin puts the SEO fields in (`meta`): public, as its fields are. */
const SEO_GROUP_CUSTOM = { public: true, apiSchema: { description: 'SEO metadata.' } } as const

/**
 * After the SEO plugin: its group (`meta`) on each collection it serves is public. The plugin
 * writes the group itself, without a way to say so.
 */
export const publicSeoGroup: Plugin = (config: Config): Config => ({
  ...config,
  collections: config.collections?.map((collection) =>
    seoPluginConfig.collections?.includes(collection.slug)
      ? {
          ...collection,
          fields: collection.fields.map((field) =>
            field.type === 'group' && 'name' in field && field.name === 'meta'
              ? {
                  ...field,
                  label: SEO_GROUP_LABEL,
                  custom: { ...field.custom, ...SEO_GROUP_CUSTOM },
                }
              : field,
          ),
        }
      : collection,
  ),
})

/**
 * A collection's fields with the SEO group as the plugin and `publicSeoGroup` leave it (the
 * plugin's own fields, as `seoFields` shapes them), for what reads the collections' fields
 * without building Payload's config: the public contract (src/content/contract.ts). A unit test
 * holds the two to the same public fields.
 */
export function withSeoFields(collection: CollectionConfig): CollectionConfig {
  if (!seoPluginConfig.collections?.includes(collection.slug)) return collection
  const defaultFields = [
    OverviewField({}),
    MetaTitleField({ hasGenerateFn: true }),
    MetaDescriptionField({ hasGenerateFn: true }),
    MetaImageField({ hasGenerateFn: false, relationTo: 'media' }),
    PreviewField({ hasGenerateFn: true }),
  ]
  const group: GroupField = {
    name: 'meta',
    type: 'group',
    label: SEO_GROUP_LABEL,
    custom: SEO_GROUP_CUSTOM,
    fields: seoFields({ defaultFields }),
  }
  return { ...collection, fields: [...collection.fields, group] }
}
