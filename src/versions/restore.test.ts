import type { CollectionConfig, Config, GlobalConfig, PayloadRequest } from 'payload'
import { describe, expect, it } from 'vitest'

import { RESTORING_AS_DRAFT, updateDrafts } from '@/access/publishing'

import { draftRestorePlugin } from './plugin'
import {
  refuseGlobalRestoreOperation,
  restoreGlobalVersionAsDraft,
  restoreOnlyAsDraft,
  restoreVersionAsDraft,
  RESTORE_PATH,
} from './restore'

const own = () => undefined
const ownEndpoint = { path: '/mine', method: 'get' as const, handler: () => Response.json({}) }

function config(): Config {
  return {
    collections: [
      {
        slug: 'posts',
        fields: [],
        versions: { drafts: true },
        endpoints: [ownEndpoint],
        hooks: { beforeOperation: [own] },
      },
      { slug: 'categories', fields: [] },
    ] satisfies CollectionConfig[],
    globals: [
      { slug: 'home', fields: [], versions: { drafts: true } },
      { slug: 'plain', fields: [], versions: { max: 5 } },
    ] satisfies GlobalConfig[],
    i18n: { translations: { en: { general: { save: 'Keep' } } } },
  } as unknown as Config
}

const requestOf = (user: unknown, status = 'published'): PayloadRequest =>
  ({
    user,
    context: {},
    query: {},
    payload: { db: { findOne: async () => ({ id: 1, _status: status }) } },
  }) as unknown as PayloadRequest

const author = { id: 7, roles: ['author'] }

describe('draftRestorePlugin', () => {
  it('puts the draft restore first among the endpoints of every collection and global with drafts', async () => {
    const result = await draftRestorePlugin(config())
    const [posts, categories] = result.collections!
    expect(posts!.endpoints).toEqual([restoreVersionAsDraft, ownEndpoint])
    expect(posts!.hooks?.beforeOperation).toEqual([own, restoreOnlyAsDraft])
    expect(categories!.endpoints).toBeUndefined()
    const [home, plain] = result.globals!
    expect(home!.endpoints).toEqual([restoreGlobalVersionAsDraft])
    expect(home!.hooks?.beforeOperation).toEqual([refuseGlobalRestoreOperation])
    expect(plain!.endpoints).toBeUndefined()
    expect(restoreVersionAsDraft).toMatchObject({ path: RESTORE_PATH, method: 'post' })
  })

  it("words the restore as a draft in English and Spanish, keeping the config's own words", async () => {
    const translations = (await draftRestorePlugin(config())).i18n?.translations as Record<
      string,
      Record<string, Record<string, string>>
    >
    expect(translations.en!.general!.save).toBe('Keep')
    expect(translations.en!.version!.restoreThisVersion).toBe('Restore into a draft')
    expect(translations.es!.version!.restoreThisVersion).toBe('Restaurar en un borrador')
  })
})

describe('restoreOnlyAsDraft', () => {
  const run = (operation: string, args: Record<string, unknown>, req: PayloadRequest) =>
    restoreOnlyAsDraft({ args, operation, req } as unknown as Parameters<
      typeof restoreOnlyAsDraft
    >[0])

  it('refuses a restore that would publish (403)', () => {
    for (const draft of [undefined, false]) {
      expect(() => run('restoreVersion', { draft }, requestOf(author))).toThrow(
        expect.objectContaining({ status: 403 }),
      )
    }
  })

  it('lets a draft restore through, as a draft save for the access rules', async () => {
    const req = requestOf(author)
    const access = updateDrafts('posts')
    // Without the mark, an author's write to a published post is refused…
    expect(await access({ req, id: 1, data: { _status: 'draft' } } as never)).toBe(false)
    expect(run('restoreVersion', { draft: true }, req)).toEqual({ draft: true })
    expect(req.context[RESTORING_AS_DRAFT]).toBe(true)
    // …with it, the author's restore is a draft save.
    expect(await access({ req, id: 1, data: { _status: 'draft' } } as never)).toBe(true)
    // Publishing stays refused.
    expect(await access({ req, id: 1, data: { _status: 'published' } } as never)).toBe(false)
  })

  it('leaves other operations alone', () => {
    const req = requestOf(author)
    expect(run('update', { draft: false }, req)).toEqual({ draft: false })
    expect(req.context[RESTORING_AS_DRAFT]).toBeUndefined()
  })
})

describe('refuseGlobalRestoreOperation', () => {
  const run = (operation: string) =>
    refuseGlobalRestoreOperation({
      args: { draft: true },
      operation,
      req: requestOf(author),
    } as unknown as Parameters<typeof refuseGlobalRestoreOperation>[0])

  it("refuses Payload's restore of a global, which would overwrite the published settings", () => {
    expect(() => run('restoreVersion')).toThrow(expect.objectContaining({ status: 403 }))
    expect(run('update')).toEqual({ draft: true })
  })
})
