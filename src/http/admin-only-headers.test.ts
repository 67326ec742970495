import type { IncomingHttpHeaders } from 'node:http'

import { describe, expect, it } from 'vitest'

import { answerOne } from '../../tests/support/one-request'

import { dropAdminOnlyHeaders, isAdminPath } from './admin-only-headers'

async function headersAfter(set: Record<string, string>): Promise<IncomingHttpHeaders> {
  const { headers } = await answerOne((_, res) => {
    dropAdminOnlyHeaders(res)
    for (const [name, value] of Object.entries(set)) res.setHeader(name, value)
    res.end('ok')
  })
  return headers
}

describe('dropAdminOnlyHeaders', () => {
  it("removes the admin's client hints and Next's internal rewrite target, keeping the rest of Vary", async () => {
    const headers = await headersAfter({
      'Accept-CH': 'Sec-CH-Prefers-Color-Scheme',
      'Critical-CH': 'Sec-CH-Prefers-Color-Scheme',
      Vary: 'Sec-CH-Prefers-Color-Scheme, rsc, Accept',
      'x-middleware-rewrite': 'http://localhost:3000/markdown-twin/en',
      'Content-Type': 'text/html',
    })
    expect(headers['accept-ch']).toBeUndefined()
    expect(headers['critical-ch']).toBeUndefined()
    expect(headers['x-middleware-rewrite']).toBeUndefined()
    expect(headers.vary).toBe('rsc, Accept')
    expect(headers['content-type']).toBe('text/html')
  })

  it('drops a Vary left empty', async () => {
    expect((await headersAfter({ Vary: 'Sec-CH-Prefers-Color-Scheme' })).vary).toBeUndefined()
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
