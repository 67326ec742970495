import { describe, expect, it } from 'vitest'

import { CACHING_POLICY } from './cache-control'
import {
  currentRequestPath,
  MOVED_PERMANENTLY,
  setResponseStatus,
  takesAskedStatus,
  withAskedStatus,
  withStatusSlot,
  type StatusSlot,
} from './response-status'

describe('withAskedStatus', () => {
  const page = { status: 200, headers: { 'content-type': 'text/html' } }

  it('gives a page that rendered normally the status it asked for', () => {
    expect(withAskedStatus(page, 404)).toEqual({ ...page, status: 404 })
  })

  it('leaves a response alone when nothing was asked', () => {
    expect(withAskedStatus(page, undefined)).toBe(page)
  })

  it.each([500, 307, 308])('keeps a %i the application chose', (chosen) => {
    expect(withAskedStatus({ ...page, status: chosen }, 404).status).toBe(chosen)
  })

  it.each([307, 308])(
    'makes the %i of a page an editor moved a 301 that caches keep only briefly',
    (nextStatus) => {
      const redirect = {
        status: nextStatus,
        headers: { location: '/en/blog/new', 'cache-control': 'private, no-cache, no-store' },
      }
      expect(withAskedStatus(redirect, MOVED_PERMANENTLY)).toEqual({
        status: 301,
        headers: { location: '/en/blog/new', 'cache-control': CACHING_POLICY.moved.cacheControl },
      })
    },
  )

  it('a 301 asked for leaves anything but a redirect alone (an error stays an error)', () => {
    expect(withAskedStatus(page, MOVED_PERMANENTLY)).toBe(page)
    const failed = { ...page, status: 500 }
    expect(withAskedStatus(failed, MOVED_PERMANENTLY)).toBe(failed)
  })
})

describe('currentRequestPath', () => {
  it("is the slot's path inside a render, undefined outside the project's server", () => {
    expect(currentRequestPath()).toBeUndefined()
    expect(withStatusSlot({ path: '/en/blog/old' }, () => currentRequestPath())).toBe(
      '/en/blog/old',
    )
  })
})

describe('takesAskedStatus', () => {
  it("leaves the router's and server actions' requests with the application's status", () => {
    expect(takesAskedStatus({ rsc: '1' })).toBe(false)
    expect(takesAskedStatus({ 'next-action': 'abc123' })).toBe(false)
  })

  it('treats any other request, any other RSC value included, as a document request', () => {
    expect(takesAskedStatus({})).toBe(true)
    expect(takesAskedStatus({ rsc: '0' })).toBe(true)
  })
})

describe('setResponseStatus', () => {
  it('records the status in the slot surrounding the (asynchronous) render', async () => {
    const slot: StatusSlot = {}
    const asked = await withStatusSlot(
      slot,
      () => new Promise<boolean>((resolve) => setTimeout(() => resolve(setResponseStatus(404)), 5)),
    )
    expect(asked).toBe(true)
    expect(slot.status).toBe(404)
  })

  it('reports false outside a request slot, so the caller can fall back', () => {
    expect(setResponseStatus(404)).toBe(false)
  })
})
