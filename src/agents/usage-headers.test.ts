import { describe, expect, it } from 'vitest'

import { PUBLISHED_CACHE_CONTROL } from '@/http/cache-control'

import { withAgentAccessHeaders } from './usage-headers'

const page = { status: 200, headers: { 'cache-control': PUBLISHED_CACHE_CONTROL } }
const OPEN = { contentUsage: 'train-ai=y, search=y', robotsTags: [] }
const NO_SEARCH = { contentUsage: 'train-ai=n, search=n', robotsTags: ['noindex'] }
const NO_SEARCH_FOR_GOOGLEBOT = {
  contentUsage: 'train-ai=y, search=y',
  robotsTags: ['Googlebot: noindex'],
}

describe('withAgentAccessHeaders', () => {
  it('states the held policy in Content-Usage, leaving caching as it was', () => {
    const head = withAgentAccessHeaders(page, { headers: OPEN, current: true })
    expect(head.headers['content-usage']).toBe('train-ai=y, search=y')
    expect(head.headers['x-robots-tag']).toBeUndefined()
    expect(head.headers['cache-control']).toBe(PUBLISHED_CACHE_CONTROL)
  })

  it('adds noindex only when search is refused, once, to what the route said', () => {
    expect(
      withAgentAccessHeaders(page, { headers: NO_SEARCH, current: true }).headers,
    ).toMatchObject({ 'x-robots-tag': 'noindex' })
    const hidden = { status: 200, headers: { 'x-robots-tag': 'noindex' } }
    expect(
      withAgentAccessHeaders(hidden, { headers: NO_SEARCH, current: true }).headers['x-robots-tag'],
    ).toBe('noindex')
    const other = { status: 200, headers: { 'x-robots-tag': 'noarchive' } }
    expect(
      withAgentAccessHeaders(other, { headers: NO_SEARCH, current: true }).headers['x-robots-tag'],
    ).toEqual(['noarchive', 'noindex'])
  })

  it('names a crawler refused search on a line of its own, the same for every caller', () => {
    const head = withAgentAccessHeaders(page, { headers: NO_SEARCH_FOR_GOOGLEBOT, current: true })
    expect(head.headers['x-robots-tag']).toBe('Googlebot: noindex')
    expect(head.headers.vary).toBeUndefined()
  })

  it('lets no cache keep a statement that may be outdated', () => {
    const stale = withAgentAccessHeaders(page, { headers: OPEN, current: false })
    expect(stale.headers['content-usage']).toBe('train-ai=y, search=y')
    expect(stale.headers['cache-control']).toBe('no-store')
    const unread = withAgentAccessHeaders(page, { headers: undefined, current: false })
    expect(unread.headers['content-usage']).toBeUndefined()
    expect(unread.headers['cache-control']).toBe('no-store')
  })

  it('leaves errors and redirects alone, and 304s take the header', () => {
    const missing = { status: 404, headers: {} }
    expect(withAgentAccessHeaders(missing, { headers: NO_SEARCH, current: true })).toBe(missing)
    const moved = { status: 301, headers: {} }
    expect(withAgentAccessHeaders(moved, { headers: NO_SEARCH, current: false })).toBe(moved)
    const notModified = withAgentAccessHeaders(
      { status: 304, headers: {} },
      { headers: OPEN, current: true },
    )
    expect(notModified.headers['content-usage']).toBe('train-ai=y, search=y')
  })
})
