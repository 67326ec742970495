import type { CollectionConfig, Config, GlobalConfig, PayloadRequest } from 'payload'
import { describe, expect, it, vi } from 'vitest'

import { AUDITED_COLLECTIONS, auditLogPlugin, EXPORTS_COLLECTION } from './plugin'
import { AUDIT_LOG } from './settings'

vi.mock('server-only', () => ({}))

const own = () => undefined
const collection = (slug: string, extra: Partial<CollectionConfig> = {}): CollectionConfig => ({
  slug,
  fields: [],
  hooks: { afterChange: [own] },
  ...extra,
})

const download = vi.fn(
  async () => new Response('a,b\n', { headers: { 'content-type': 'text/csv' } }),
)
const preview = vi.fn(async () => Response.json({ docs: [] }))

function config(slugs: string[] = Object.keys(AUDITED_COLLECTIONS)): Config {
  return {
    collections: [
      ...slugs.map((slug) => collection(slug)),
      collection('webhook-endpoints'),
      collection(EXPORTS_COLLECTION, {
        endpoints: [
          { path: '/download', method: 'post', handler: download },
          { path: '/export-preview', method: 'post', handler: preview },
        ],
      }),
    ],
    globals: [
      { slug: 'home', fields: [], versions: { drafts: true }, hooks: { afterChange: [own] } },
      { slug: 'plain', fields: [] },
    ] satisfies GlobalConfig[],
  } as unknown as Config
}

const applied = (input: Config = config()) => auditLogPlugin(input) as Config

describe('the audit log plugin', () => {
  it('adds its hooks after each audited collection’s own, and leaves the others alone', () => {
    const result = applied()
    for (const [slug, hooks] of Object.entries(AUDITED_COLLECTIONS)) {
      const found = result.collections!.find((c) => c.slug === slug)!
      for (const [name, list] of Object.entries(hooks)) {
        const got = (found.hooks as Record<string, unknown[]>)[name]!
        expect(got.slice(-list.length)).toEqual(list)
      }
      expect(found.hooks!.afterChange![0]).toBe(own)
    }
    expect(result.collections!.find((c) => c.slug === 'webhook-endpoints')!.hooks).toEqual({
      afterChange: [own],
    })
  })

  it('registers the audit log collection once, last', () => {
    const slugs = applied().collections!.map((c) => c.slug)
    expect(slugs.at(-1)).toBe(AUDIT_LOG)
    expect(slugs.filter((slug) => slug === AUDIT_LOG)).toHaveLength(1)
  })

  it('audits every global with drafts, a new one included, and no other', () => {
    const [home, plain] = applied().globals!
    expect(home!.hooks!.afterChange).toHaveLength(2)
    expect(home!.hooks!.afterChange![0]).toBe(own)
    expect(plain!.hooks).toBeUndefined()
  })

  it('fails the config when an audited collection is missing, rather than audit nothing', () => {
    expect(() => applied(config(['posts']))).toThrow(/no collection .*users/)
  })

  it('wraps the export download only, which still answers with its file', async () => {
    const exports = applied().collections!.find((c) => c.slug === EXPORTS_COLLECTION)!
    const [wrapped, untouched] = exports.endpoints as { handler: (req: unknown) => unknown }[]
    expect(untouched!.handler).toBe(preview)
    expect(wrapped!.handler).not.toBe(download)
    const create = vi.fn(async () => ({}))
    const req = {
      user: { id: 3, email: 'editor@example.test' },
      headers: new Headers(),
      json: async () => ({ data: { collectionSlug: 'inquiries', format: 'csv' } }),
      payload: { db: { create }, logger: { error: vi.fn() } },
    } as unknown as PayloadRequest
    const response = (await wrapped!.handler(req)) as Response
    expect(await response.text()).toBe('a,b\n')
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        collection: AUDIT_LOG,
        req,
        data: expect.objectContaining({
          action: 'inquiry.export',
          actorId: 3,
          target: 'inquiries',
          detail: { format: 'csv' },
        }),
      }),
    )
  })

  it('refuses the file when its entry cannot be stored', async () => {
    const exports = applied().collections!.find((c) => c.slug === EXPORTS_COLLECTION)!
    const [wrapped] = exports.endpoints as { handler: (req: unknown) => unknown }[]
    const req = {
      user: { id: 3, email: 'editor@example.test' },
      headers: new Headers(),
      json: async () => ({ data: { collectionSlug: 'inquiries' } }),
      payload: {
        db: { create: vi.fn(async () => Promise.reject(new Error('down'))) },
        logger: { error: vi.fn() },
      },
    } as unknown as PayloadRequest
    const response = (await wrapped!.handler(req)) as Response
    expect(response.status).toBe(503)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unavailable')
  })
})

describe('the audit log collection', () => {
  const auditLog = () => applied().collections!.find((c) => c.slug === AUDIT_LOG)!
  const reqAs = (roles: string[] | null) =>
    ({ req: { user: roles ? { id: 1, roles } : null } }) as never

  it('is read by admins only', () => {
    const { read } = auditLog().access!
    expect(read!(reqAs(['admin']))).toBe(true)
    expect(read!(reqAs(['editor']))).toBe(false)
    expect(read!(reqAs(null))).toBe(false)
  })

  it('is created, changed and deleted by nobody, admins included', () => {
    const { create, update, delete: remove } = auditLog().access!
    for (const access of [create!, update!, remove!]) {
      expect(access(reqAs(['admin']))).toBe(false)
      expect(access(reqAs(null))).toBe(false)
    }
  })
})
