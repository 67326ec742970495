import type { OutgoingHttpHeaders } from 'node:http'

import { describe, expect, it } from 'vitest'

import { isAdminPath, withoutAdminOnlyHeaders } from './admin-only-headers'

const headersAfter = (headers: OutgoingHttpHeaders) =>
  withoutAdminOnlyHeaders({ status: 200, headers }).headers

describe('withoutAdminOnlyHeaders', () => {
  it("removes the admin's client hints and Next's internal rewrite target, keeping the rest of Vary", () => {
    expect(
      headersAfter({
        'accept-ch': 'Sec-CH-Prefers-Color-Scheme',
        'critical-ch': 'Sec-CH-Prefers-Color-Scheme',
        vary: 'Sec-CH-Prefers-Color-Scheme, rsc, Accept',
        'x-middleware-rewrite': 'http://localhost:3000/markdown-twin/en',
        'content-type': 'text/html',
      }),
    ).toEqual({ vary: 'rsc, Accept', 'content-type': 'text/html' })
  })

  it('drops a Vary left empty', () => {
    expect(headersAfter({ vary: 'Sec-CH-Prefers-Color-Scheme' })).toEqual({})
  })

  it('returns the same head when there is nothing to drop', () => {
    const head = { status: 200, headers: { vary: 'rsc, Accept', 'content-type': 'text/html' } }
    expect(withoutAdminOnlyHeaders(head)).toBe(head)
  })
})

describe('isAdminPath', () => {
  it('knows the admin from the site', () => {
    expect(isAdminPath('/admin')).toBe(true)
    expect(isAdminPath('/admin/login')).toBe(true)
    expect(isAdminPath('/admin?x=1')).toBe(true)
    expect(isAdminPath('/administration')).toBe(false)
    expect(isAdminPath('/en')).toBe(false)
  })
})
