import { seoPlugin } from '@payloadcms/plugin-seo'
import type { CollectionConfig, Config, Field } from 'payload'
import { describe, expect, it } from 'vitest'

import { CaseStudies } from '@/collections/CaseStudies'
import { Posts } from '@/collections/Posts'
import { seoPluginConfig } from '@/fields/seo'

import {
  CATEGORIES_KEY,
  documentKey,
  everyDocumentKey,
  EVERYTHING,
  listKey,
  SETTINGS_KEY,
} from '@/lib/content-version'

import { MEDIA_REFERENCES, rereadAfter } from './usage'

interface Found {
  uploads: string[]
  richText: string[]
  /** Media fields the SQL in usage.ts cannot see (localized, hasMany, inside arrays or blocks). */
  unsupported: string[]
}

/** Every field that can point at a media document, by its dotted path. */
function mediaFields(fields: Field[], prefix = '', found: Found, nested = false): Found {
  for (const field of fields) {
    const name = 'name' in field && field.name ? `${prefix}${field.name}` : undefined
    switch (field.type) {
      case 'upload':
      case 'relationship': {
        const targets = [field.relationTo].flat()
        if (!targets.includes('media') || !name) break
        const plain = !nested && !field.localized && !field.hasMany && targets.length === 1
        ;(plain ? found.uploads : found.unsupported).push(name)
        break
      }
      case 'richText':
        if (name) (nested ? found.unsupported : found.richText).push(name)
        break
      case 'group':
        mediaFields(field.fields, name ? `${name}.` : prefix, found, nested)
        break
      case 'row':
      case 'collapsible':
        mediaFields(field.fields, prefix, found, nested)
        break
      case 'tabs':
        for (const tab of field.tabs) {
          const tabName = 'name' in tab && tab.name ? `${prefix}${tab.name}.` : prefix
          mediaFields(tab.fields, tabName, found, nested)
        }
        break
      case 'array':
        mediaFields(field.fields, `${name}[].`, found, true)
        break
      case 'blocks':
        for (const block of field.blocks) {
          if (typeof block !== 'string') mediaFields(block.fields, `${name}[].`, found, true)
        }
        break
      default:
        break
    }
  }
  return found
}

const snakeColumn = (path: string) =>
  `${path.replace(/\./g, '_').replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`)}_id`

describe('MEDIA_REFERENCES', () => {
  it.each<[string, CollectionConfig]>([
    ['posts', Posts],
    ['case-studies', CaseStudies],
  ])('lists every media field of %s', async (slug, defined) => {
    const reference = MEDIA_REFERENCES.find((entry) => entry.collection === slug)
    expect(reference, `${slug} is missing from MEDIA_REFERENCES`).toBeDefined()
    // The fields as the running config has them: the SEO plugin adds `meta` (with its image).
    const config = await seoPlugin(seoPluginConfig)({ collections: [defined] } as Config)
    const collection = config.collections![0]!
    const found = mediaFields(collection.fields, '', { uploads: [], richText: [], unsupported: [] })
    expect(found.unsupported, 'teach usage.ts about these fields first').toEqual([])
    expect(Object.keys(reference!.uploads).sort()).toEqual(found.uploads.sort())
    expect(Object.keys(reference!.richText).sort()).toEqual(found.richText.sort())
    for (const [path, column] of Object.entries(reference!.uploads)) {
      expect(column).toBe(snakeColumn(path))
    }
  })

  it('covers exactly the public collections, and the published people and proof', async () => {
    const { PUBLIC_COLLECTIONS } = await import('@/content/contract')
    expect(MEDIA_REFERENCES.map((entry) => entry.collection).sort()).toEqual(
      [...PUBLIC_COLLECTIONS, 'team-members', 'testimonials', 'client-logos'].sort(),
    )
  })
})

describe('rereadAfter', () => {
  it('re-reads only the documents a change names, and the globals when settings changed', () => {
    const reread = rereadAfter([
      documentKey('posts', 12),
      listKey('posts'),
      documentKey('case-studies', 3),
      documentKey('posts', 40),
      CATEGORIES_KEY,
    ])
    expect(reread).toEqual({
      everything: false,
      documents: new Map([
        ['posts', [12, 40]],
        ['case-studies', [3]],
      ]),
      globals: false,
    })
    expect(rereadAfter([SETTINGS_KEY])).toEqual({
      everything: false,
      documents: new Map(),
      globals: true,
    })
  })

  it('reads everything again when a change does not name its documents, or names too many', () => {
    expect(rereadAfter(EVERYTHING)).toEqual({ everything: true })
    expect(rereadAfter([everyDocumentKey('case-studies'), listKey('case-studies')])).toEqual({
      everything: true,
    })
    const many = Array.from({ length: 1000 }, (_, index) => documentKey('posts', index + 1))
    expect(rereadAfter(many)).toEqual({ everything: true })
  })
})
