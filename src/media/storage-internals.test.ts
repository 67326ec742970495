import { s3Storage } from '@payloadcms/storage-s3'
import type { Config, Field, FieldAccess, PayloadRequest } from 'payload'
import { describe, expect, it } from 'vitest'

import { STORAGE_INTERNAL_FIELDS, storageInternals } from './storage-internals'

const readAccess = (fields: Field[], name: string): FieldAccess | undefined =>
  (
    fields.find((field) => 'name' in field && field.name === name) as {
      access?: { read?: FieldAccess }
    }
  )?.access?.read

const asViewer = (read: FieldAccess | undefined, user: unknown) =>
  read?.({ req: { user } as PayloadRequest } as Parameters<FieldAccess>[0])

describe('storageInternals', () => {
  // The storage plugin as payload.config.ts registers it, then this: the plugin's own fields.
  const withPlugin = async () => {
    const plugin = s3Storage({
      enabled: false,
      alwaysInsertFields: true,
      bucket: '',
      config: {},
      collections: { media: true },
    })
    const config = {
      collections: [
        { slug: 'media', upload: true, fields: [{ name: 'alt', type: 'text' }] },
        { slug: 'posts', fields: [{ name: 'prefix', type: 'text' }] },
      ],
    } as unknown as Config
    return storageInternals(await plugin(config))
  }

  it('lets signed-in users alone read the plugin’s bookkeeping fields of media', async () => {
    const [media] = (await withPlugin()).collections!
    for (const name of STORAGE_INTERNAL_FIELDS) {
      const read = readAccess(media!.fields, name)
      expect(read, name).toBeTypeOf('function')
      expect(await asViewer(read, null), name).toBe(false)
      expect(await asViewer(read, { id: 1, roles: ['author'] }), name).toBe(true)
    }
  })

  it('keeps them out of the media list’s columns and filters', async () => {
    const [media] = (await withPlugin()).collections!
    for (const name of STORAGE_INTERNAL_FIELDS) {
      const field = media!.fields.find((each) => 'name' in each && each.name === name) as {
        admin?: Record<string, unknown>
      }
      expect(field.admin, name).toMatchObject({ disableListColumn: true, disableListFilter: true })
    }
    const alt = media!.fields.find((each) => 'name' in each && each.name === 'alt') as {
      admin?: Record<string, unknown>
    }
    expect(alt.admin?.disableListColumn).toBeUndefined()
  })

  it('leaves every other field, and other collections, as they were', async () => {
    const [media, posts] = (await withPlugin()).collections!
    expect(readAccess(media!.fields, 'alt')).toBeUndefined()
    expect(posts!.fields).toEqual([{ name: 'prefix', type: 'text' }])
  })
})
