import { describe, expect, it, vi } from 'vitest'

import { ApiError } from '@/http/api-error'
import { SETTINGS_DEFAULTS } from '@/globals/defaults'

import { markdownTwin, type PageRenderer } from './twin'

vi.mock('@/site/published-view', () => ({ listedDocumentView: async () => null }))
vi.mock('@/site/settings', () => ({ publishedSettings: async () => SETTINGS_DEFAULTS }))

const SITE = 'https://example.test'
const html = (main: string) =>
  `<html lang="en"><head><title>T</title><link rel="canonical" href="${SITE}/en/contact"></head>` +
  `<body><main>${main}</main></body></html>`
const answering =
  (status: number, body = html('<h1>Contact us</h1>')): PageRenderer =>
  async () => ({ status, html: body })
const twinOf = (path: string, render: PageRenderer, query = '') =>
  markdownTwin(path, new URLSearchParams(query), { siteUrl: SITE, render })

describe('markdownTwin of a rendered page', () => {
  it('asks for the page with its query and converts a 200', async () => {
    const asked: string[] = []
    const twin = await twinOf(
      '/en/blog',
      async (path) => {
        asked.push(path)
        return { status: 200, html: html('<h1>Blog</h1>') }
      },
      'page=2',
    )
    expect(asked).toEqual(['/en/blog?page=2'])
    expect(twin).toEqual({
      status: 200,
      markdown: `---\ntitle: "T"\nurl: "${SITE}/en/contact"\nlang: "en"\n---\n\n# Blog\n`,
      locale: 'en',
      canonical: `${SITE}/en/contact`,
    })
  })

  it('a not-found page is a 404 twin without frontmatter', async () => {
    const twin = await twinOf('/en/nothing', answering(404, html('<h1>Page not found</h1>')))
    expect(twin).toMatchObject({ status: 404, markdown: '# Page not found\n' })
  })

  it('a page an editor moved (301) is a moved twin, with where it went', async () => {
    const moved: PageRenderer = async () => ({ status: 301, html: '', location: '/en/blog/new' })
    expect(await twinOf('/en/blog/old', moved)).toEqual({ status: 301, movedTo: '/en/blog/new' })
  })

  it('a 301 to anywhere but a path of this site is an error of ours, never followed', async () => {
    for (const location of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const moved: PageRenderer = async () => ({ status: 301, html: '', location })
      await expect(twinOf('/en/blog/old', moved)).rejects.toThrow('the page answered 301')
    }
  })

  it('a document that is not published is whatever its page says', async () => {
    const twin = await twinOf('/en/blog/gone', answering(404, html('<h1>Page not found</h1>')))
    expect(twin.status).toBe(404)
  })

  it.each([
    ['a 503 from the page', answering(503)],
    [
      'a page that does not answer',
      (async () => {
        throw new Error('connect ECONNREFUSED')
      }) as PageRenderer,
    ],
  ])('%s is a 503', async (_, render) => {
    const error = await twinOf('/en/contact', render).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('unavailable')
  })

  it('any other status is an error of ours', async () => {
    await expect(twinOf('/en/contact', answering(500))).rejects.toThrow('the page answered 500')
  })

  it('only pages of the site have twins', async () => {
    const render = vi.fn(answering(200))
    const error = await twinOf('/api/users', render).catch((caught: unknown) => caught)
    expect((error as ApiError).code).toBe('not_found')
    expect(render).not.toHaveBeenCalled()
  })

  it('/ is the index of the languages, without a render', async () => {
    const render = vi.fn(answering(200))
    const twin = await twinOf('/', render)
    expect(twin).toMatchObject({ status: 200 })
    expect((twin as { markdown: string }).markdown).toContain(`- [English](${SITE}/en.md)`)
    expect(render).not.toHaveBeenCalled()
  })
})
