import { describe, expect, it } from 'vitest'

import { withVaryAccept } from './vary'

const TWIN_LINK = '</en/blog.md>; rel="alternate"; type="text/markdown", </x.css>; rel=preload'

const varyOf = (headers: Record<string, string>) =>
  withVaryAccept({ status: 200, headers }).headers.vary

describe('withVaryAccept', () => {
  it('adds Accept to the Vary of a page that advertises a markdown twin', () => {
    expect(varyOf({ link: TWIN_LINK, vary: 'rsc, next-router-state-tree' })).toBe(
      'rsc, next-router-state-tree, Accept',
    )
  })

  it('sets Vary: Accept when the page has none', () => {
    expect(varyOf({ link: TWIN_LINK })).toBe('Accept')
  })

  it('leaves a Vary that already names Accept (or *) alone', () => {
    expect(varyOf({ link: TWIN_LINK, vary: 'accept, rsc' })).toBe('accept, rsc')
    expect(varyOf({ link: TWIN_LINK, vary: '*' })).toBe('*')
  })

  it('leaves other responses alone, returning the same head', () => {
    const head = { status: 200, headers: { vary: 'rsc' } }
    expect(withVaryAccept(head)).toBe(head)
    expect(varyOf({ link: '<https://x.test/en>; rel="canonical"' })).toBeUndefined()
  })
})
