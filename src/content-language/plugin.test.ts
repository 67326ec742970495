import type { CollectionConfig, Config, GlobalConfig } from 'payload'
import { describe, expect, it } from 'vitest'

import { CONTENT_LANGUAGE_BANNER, CONTENT_STATUS, contentLanguagePlugin } from './plugin'

const withPlugin = (collections: CollectionConfig[], globals: GlobalConfig[] = []) =>
  contentLanguagePlugin({ collections, globals } as Config) as Config

describe('contentLanguagePlugin', () => {
  it('puts the banner on localized content, the status where there are drafts', () => {
    const { collections } = withPlugin([
      {
        slug: 'posts',
        versions: { drafts: true },
        fields: [{ name: 'title', type: 'text', localized: true }],
      },
      {
        slug: 'categories',
        fields: [{ type: 'row', fields: [{ name: 'title', type: 'text', localized: true }] }],
      },
      { slug: 'users', fields: [{ name: 'name', type: 'text' }] },
    ])
    const [posts, categories, users] = collections!
    expect(posts!.admin?.components?.edit?.beforeDocumentControls).toEqual([
      CONTENT_LANGUAGE_BANNER,
    ])
    expect(posts!.admin?.components?.edit?.Status).toEqual({
      path: CONTENT_STATUS,
      clientProps: { kind: 'document', listed: true },
    })
    expect(posts!.endpoints).toEqual([
      expect.objectContaining({ path: '/:id/languages', method: 'get' }),
    ])
    // Localized inside a row, no drafts: the banner only.
    expect(categories!.admin?.components?.edit?.beforeDocumentControls).toEqual([
      CONTENT_LANGUAGE_BANNER,
    ])
    expect(categories!.admin?.components?.edit?.Status).toBeUndefined()
    expect(categories!.endpoints).toBeUndefined()
    // Nothing per language: untouched.
    expect(users!.admin).toBeUndefined()
  })

  it('gives settings globals (localized in tabs) the banner and the global status', () => {
    const { globals } = withPlugin(
      [],
      [
        {
          slug: 'home',
          versions: { drafts: true },
          fields: [
            {
              type: 'tabs',
              tabs: [
                { name: 'hero', fields: [{ name: 'heading', type: 'text', localized: true }] },
              ],
            },
          ],
        },
      ],
    )
    const elements = globals![0]!.admin?.components?.elements
    expect(elements?.beforeDocumentControls).toEqual([CONTENT_LANGUAGE_BANNER])
    expect(elements?.Status).toEqual({ path: CONTENT_STATUS, clientProps: { kind: 'global' } })
  })
})
