import type { Config } from 'payload'
import { describe, expect, it } from 'vitest'

import { hideStorageInternals } from './admin-columns'

describe('hideStorageInternals', () => {
  const config = {
    collections: [
      {
        slug: 'media',
        fields: [
          { name: 'alt', type: 'text' },
          { name: 'prefix', type: 'text', admin: { hidden: true } },
          { name: '_objectKey', type: 'text' },
        ],
      },
      { slug: 'posts', fields: [{ name: 'prefix', type: 'text' }] },
    ],
  } as unknown as Config

  it('keeps the storage bookkeeping out of the media list, and nothing else', () => {
    const [media, posts] = hideStorageInternals(config).collections!
    const admin = (name: string) =>
      (
        media!.fields.find((field) => 'name' in field && field.name === name) as {
          admin?: Record<string, unknown>
        }
      ).admin
    expect(admin('prefix')).toEqual({
      hidden: true,
      disableListColumn: true,
      disableListFilter: true,
    })
    expect(admin('_objectKey')).toEqual({ disableListColumn: true, disableListFilter: true })
    expect(admin('alt')).toBeUndefined()
    expect(posts!.fields[0]).toEqual({ name: 'prefix', type: 'text' })
  })
})
