import { describe, expect, it } from 'vitest'

import { get } from '../support/api'

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** The markup of `<head>`, and of everything after it. */
function split(html: string) {
  const end = html.indexOf('</head>')
  return { head: html.slice(0, end), body: html.slice(end) }
}

describe('page metadata', () => {
  it.each(['/en', '/es/blog', '/en/contact', '/en/case-studies'])(
    '%s: a browser gets the title, description and canonical link in <head>, as a crawler does',
    async (path) => {
      for (const userAgent of [BROWSER, 'Googlebot/2.1 (+http://www.google.com/bot.html)']) {
        const response = await get(path, { headers: { 'User-Agent': userAgent } })
        expect(response.status).toBe(200)
        const { head, body } = split(await response.text())
        expect(head).toMatch(/<title>[^<]+<\/title>/)
        expect(head).toContain('<meta name="description"')
        expect(head).toContain('<link rel="canonical"')
        expect(body).not.toMatch(/<title>/)
      }
    },
  )
})
