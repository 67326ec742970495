import type { PayloadHandler, PayloadRequest } from 'payload'
import { describe, expect, it, vi } from 'vitest'

import { INQUIRY_EXPORT_MAX_ROWS } from '@/inquiries/export-columns'

import { withinRowLimitHandler } from './inquiry-export'

/** A download request whose filter selects `matching` inquiries. */
function requestFor(matching: number, data: Record<string, unknown> = {}) {
  const count = vi.fn(async () => ({ totalDocs: matching }))
  const req = {
    json: async () => ({ data: { collectionSlug: 'inquiries', where: {}, ...data } }),
    payload: { count },
    user: { id: 1 },
  } as unknown as PayloadRequest
  return { req, count }
}

const plugin: PayloadHandler = async () => new Response('"name"\n', { status: 200 })

describe('withinRowLimitHandler', () => {
  it('hands an export within the bound to the plugin', async () => {
    const { req, count } = requestFor(INQUIRY_EXPORT_MAX_ROWS)
    const response = await withinRowLimitHandler(plugin)(req)
    expect(response.status).toBe(200)
    expect(count).toHaveBeenCalledWith(expect.objectContaining({ overrideAccess: false }))
  })

  it('refuses a larger one with 413 and a message saying what to do, before the plugin runs', async () => {
    const handler = vi.fn(plugin)
    const { req } = requestFor(INQUIRY_EXPORT_MAX_ROWS + 1)
    const response = await withinRowLimitHandler(handler)(req)
    expect(response.status).toBe(413)
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('payload_too_large')
    expect(body.error.message).toMatch(/Narrow the list with a filter/)
    expect(handler).not.toHaveBeenCalled()
  })

  it('counts a limit the request sets', async () => {
    const { req } = requestFor(INQUIRY_EXPORT_MAX_ROWS * 2, { limit: 100 })
    expect((await withinRowLimitHandler(plugin)(req)).status).toBe(200)
  })

  it('refuses a filter that cannot be read with 400', async () => {
    const { req, count } = requestFor(0)
    count.mockRejectedValueOnce(new Error('The following path cannot be queried: nonsense'))
    const response = await withinRowLimitHandler(plugin)(req)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_parameter' } })
  })
})
