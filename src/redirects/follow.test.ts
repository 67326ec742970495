import { describe, expect, it } from 'vitest'

import { followRedirectTarget, type SavedRedirect } from './follow'
import { REDIRECT_HOPS_MAX } from './paths'

/** The saved redirects, found by their normal `from` as the Local API finds them. */
function finder(rows: SavedRedirect[]) {
  const asked: string[] = []
  const find = async (from: string) => {
    asked.push(from)
    return rows.find((row) => row.from === from)
  }
  return { find, asked }
}

const row = (id: number, from: string, to: string): SavedRedirect => ({ id, from, to })

describe('followRedirectTarget', () => {
  it('ends at `to`, in normal form, when nothing redirects from it', async () => {
    const { find, asked } = finder([])
    expect(await followRedirectTarget('/en/%63ontact/#form', '/old', find)).toEqual({
      kind: 'end',
      to: '/en/contact#form',
    })
    // Looked up by the page it names, as a request would be.
    expect(asked).toEqual(['/en/contact'])
  })

  it('goes to the end of a chain, in the form a visitor takes it', async () => {
    const rows = [row(1, '/b', '/c'), row(2, '/c', '/en/contact')]
    expect(await followRedirectTarget('/b/', '/a', finder(rows).find)).toEqual({
      kind: 'end',
      to: '/en/contact',
    })
    // A twin's redirect sends its visitor to the next page's twin.
    const pages = [row(1, '/en/blog/b', '/en/blog/c?ref=1')]
    expect(await followRedirectTarget('/en/blog/b.md', '/a', finder(pages).find)).toEqual({
      kind: 'end',
      to: '/en/blog/c.md?ref=1',
    })
  })

  it('refuses a loop of any length back to `from`, naming each step', async () => {
    const rows = [row(1, '/b', '/c'), row(2, '/c', '/d/'), row(3, '/d', '/%61')]
    expect(await followRedirectTarget('/b', '/a', finder(rows).find)).toEqual({
      kind: 'refused',
      message:
        'This redirect would loop: /a → /b → /c → /d → /a. Change or delete one of those redirects first.',
    })
  })

  it('refuses a target that leads into a loop of other redirects', async () => {
    const rows = [row(1, '/b', '/c'), row(2, '/c', '/b?x=1')]
    const followed = await followRedirectTarget('/b', '/a', finder(rows).find)
    expect(followed).toMatchObject({ kind: 'refused', message: expect.stringMatching(/loop/) })
  })

  it('refuses a chain longer than it follows', async () => {
    const rows = Array.from({ length: REDIRECT_HOPS_MAX + 1 }, (_, n) =>
      row(n + 1, `/p${n}`, `/p${n + 1}`),
    )
    expect(await followRedirectTarget('/p0', '/a', finder(rows).find)).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(`more than ${REDIRECT_HOPS_MAX} redirects`),
    })
    // One hop fewer ends.
    expect(await followRedirectTarget('/p1', '/a', finder(rows).find)).toEqual({
      kind: 'end',
      to: `/p${REDIRECT_HOPS_MAX + 1}`,
    })
  })

  it('refuses a chain through a saved redirect whose target cannot be followed', async () => {
    const rows = [row(1, '/b', '/api/preview/exit?path=/a')]
    expect(await followRedirectTarget('/b', '/a', finder(rows).find)).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/Fix the redirect from \/b/),
    })
  })

  it('does not take the redirect being edited as a step: its row is about to change', async () => {
    const rows = [row(7, '/b', '/a')]
    for (const self of [7, '7']) {
      expect(await followRedirectTarget('/b', '/a', finder(rows).find, self)).toEqual({
        kind: 'end',
        to: '/b',
      })
    }
  })

  it('follows without a `from` while that field is still invalid', async () => {
    expect(await followRedirectTarget('/b', null, finder([]).find)).toEqual({
      kind: 'end',
      to: '/b',
    })
  })

  it('refuses what is no path of the site before looking anything up', async () => {
    const { find, asked } = finder([])
    for (const to of ['//evil.example', '/api/preview/exit', '/old', '/old/?x']) {
      expect(await followRedirectTarget(to, '/old', find), to).toMatchObject({ kind: 'refused' })
    }
    expect(asked).toEqual([])
  })
})
