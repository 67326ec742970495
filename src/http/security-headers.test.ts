import { describe, expect, it } from 'vitest'

import { securityHeaders, withSecurityHeaders } from './security-headers'

describe('withSecurityHeaders', () => {
  const headers = securityHeaders('https://site.test', false)

  it('adds every security header the response lacks, keeping one the route set itself', () => {
    const svgPolicy = "default-src 'none'; sandbox"
    const { headers: out } = withSecurityHeaders(
      { status: 200, headers: { 'content-security-policy': svgPolicy } },
      headers,
    )
    expect(out['content-security-policy']).toBe(svgPolicy)
    expect(out['x-content-type-options']).toBe('nosniff')
    expect(out['strict-transport-security']).toMatch(/^max-age=\d+/)
    expect(Object.keys(out)).toHaveLength(headers.length)
  })

  it('returns the same head when it has them all', () => {
    const complete = withSecurityHeaders({ status: 200, headers: {} }, headers)
    expect(withSecurityHeaders(complete, headers)).toBe(complete)
  })

  it('pins browsers to HTTPS only for a site served over it', () => {
    const plain = securityHeaders('http://localhost:3000', true).map(([name]) => name)
    expect(plain).not.toContain('Strict-Transport-Security')
  })
})
