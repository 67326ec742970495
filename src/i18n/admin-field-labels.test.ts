import { initI18n, type I18nClient } from '@payloadcms/translations'
import { en } from '@payloadcms/translations/languages/en'
import { es } from '@payloadcms/translations/languages/es'
import { getClientSchemaMap } from '@payloadcms/ui/utilities/getClientSchemaMap'
import { afterAll, describe, expect, it } from 'vitest'

import {
  CLIENT_SCHEMA_MAP_REBUILD_FLAG,
  keepAdminFieldLabelsPerLanguage,
} from './admin-field-labels'

/** The rich-text link drawer's first field, as the link feature declares it. */
const LINK_FIELDS_PATH = 'posts.content.lexical_internal_feature.link.fields'

const i18nIn = (language: 'en' | 'es') =>
  initI18n({
    config: { fallbackLanguage: 'en', supportedLanguages: { en, es }, translations: {} },
    context: 'client',
    language,
  }) as Promise<I18nClient>

/** The label of the link drawer's "text to display" field, as `getClientSchemaMap` serves it. */
function linkTextLabel(i18n: I18nClient): unknown {
  const map = getClientSchemaMap({
    collectionSlug: 'posts',
    config: {
      collections: [{ slug: 'posts', fields: [{ name: 'content', type: 'richText' }] }],
    } as never,
    i18n,
    payload: { config: { db: { defaultIDType: 'number' } }, importMap: {} } as never,
    schemaMap: new Map([
      [
        LINK_FIELDS_PATH,
        {
          fields: [
            {
              name: 'text',
              type: 'text',
              label: ({ t }: { t: (key: string) => string }) => t('fields:textToDisplay'),
            },
          ],
        },
      ],
    ]) as never,
  })
  const entry = map.get(LINK_FIELDS_PATH) as { fields: { label?: unknown }[] } | undefined
  return entry?.fields[0]?.label
}

const flagHolder = globalThis as Record<string, unknown>

afterAll(() => {
  delete flagHolder[CLIENT_SCHEMA_MAP_REBUILD_FLAG]
})

describe("Payload's client schema map and the admin's languages", () => {
  it('Payload still serves the first language to everyone (remove the workaround when this fails)', async () => {
    delete flagHolder[CLIENT_SCHEMA_MAP_REBUILD_FLAG]
    // A fresh cache, as after a development reload.
    flagHolder[CLIENT_SCHEMA_MAP_REBUILD_FLAG] = true
    expect(linkTextLabel(await i18nIn('es'))).toBe('Texto a mostrar')
    expect(flagHolder[CLIENT_SCHEMA_MAP_REBUILD_FLAG]).toBe(false)
    expect(linkTextLabel(await i18nIn('en'))).toBe('Texto a mostrar')
  })

  it('with the workaround, each request gets its own language, both ways round', async () => {
    keepAdminFieldLabelsPerLanguage()
    const [english, spanish] = await Promise.all([i18nIn('en'), i18nIn('es')])
    expect(linkTextLabel(spanish)).toBe('Texto a mostrar')
    expect(linkTextLabel(english)).toBe('Text to display')
    expect(linkTextLabel(spanish)).toBe('Texto a mostrar')
    // Payload clearing the flag after a build changes nothing.
    flagHolder[CLIENT_SCHEMA_MAP_REBUILD_FLAG] = false
    expect(flagHolder[CLIENT_SCHEMA_MAP_REBUILD_FLAG]).toBe(true)
  })
})
