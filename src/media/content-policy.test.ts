import { describe, expect, it } from 'vitest'

import { contentDisposition, contentPolicy, SANDBOX_CSP } from './content-policy'

describe('contentPolicy', () => {
  it.each(['image/png', 'image/webp', 'video/mp4', 'application/pdf', 'text/plain'])(
    'shows %s inline without a sandbox',
    (type) => {
      expect(contentPolicy(type)).toEqual({ contentType: type, disposition: 'inline' })
    },
  )

  it('normalises the stored type', () => {
    expect(contentPolicy(' Image/PNG; charset=binary').contentType).toBe('image/png')
  })

  it.each([null, undefined, '', 'png', 'image/', 'image/png\r\nX-Injected: 1', 'a b/c'])(
    'falls back to application/octet-stream for %j, downloaded and sandboxed',
    (type) => {
      expect(contentPolicy(type)).toEqual({
        contentType: 'application/octet-stream',
        disposition: 'attachment',
        csp: SANDBOX_CSP,
      })
    },
  )

  it('shows SVG inline, sandboxed', () => {
    expect(contentPolicy('image/svg+xml')).toEqual({
      contentType: 'image/svg+xml',
      disposition: 'inline',
      csp: SANDBOX_CSP,
    })
    expect(SANDBOX_CSP).toMatch(/^sandbox;/)
    expect(SANDBOX_CSP).not.toContain('allow-scripts')
  })

  it.each([
    'text/html',
    'application/xhtml+xml',
    'text/xml',
    'application/xml',
    'text/javascript',
    'application/x-shockwave-flash',
  ])('forces %s to download, sandboxed', (type) => {
    expect(contentPolicy(type)).toEqual({
      contentType: type,
      disposition: 'attachment',
      csp: SANDBOX_CSP,
    })
  })
})

describe('contentDisposition', () => {
  it('quotes a plain name', () => {
    expect(contentDisposition('inline', 'report-2025.pdf')).toBe(
      'inline; filename="report-2025.pdf"',
    )
  })

  it('adds an RFC 5987 filename* for names that are not plain ASCII', () => {
    expect(contentDisposition('inline', 'informe año.pdf')).toBe(
      `inline; filename="informe a_o.pdf"; filename*=UTF-8''informe%20a%C3%B1o.pdf`,
    )
    expect(contentDisposition('attachment', '日本.png')).toBe(
      `attachment; filename="__.png"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.png`,
    )
  })

  it('never lets a name break out of its quotes or inject a header', () => {
    const header = contentDisposition('inline', 'a"b\\c%20d\r\nSet-Cookie: x=1;(\'*).png')
    expect(header).toBe(
      `inline; filename="a_b_c_20d__Set-Cookie: x=1;('*).png"; ` +
        `filename*=UTF-8''a%22b%5Cc%2520d%0D%0ASet-Cookie%3A%20x%3D1%3B%28%27%2A%29.png`,
    )
    expect(header).not.toMatch(/[\r\n]/)
  })
})
