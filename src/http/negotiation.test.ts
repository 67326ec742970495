import { describe, expect, it } from 'vitest'

import { preferredEncoding, preferredLocale, prefersMarkdown } from './negotiation'

describe('prefersMarkdown', () => {
  it.each([
    ['text/markdown', true],
    ['text/markdown, text/html;q=0.9', true],
    ['text/html;q=0.5, text/markdown;q=0.8', true],
    ['text/*, text/html;q=0.1', true],
    ['text/markdown;charset=utf-8', true],
  ])('%j prefers markdown', (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected)
  })

  it.each([
    // What browsers send.
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'],
    ['*/*'],
    ['text/markdown;q=0'],
    ['text/markdown;q=0, */*'],
    ['text/html, text/markdown'],
    ['text/markdown;q=0.5, text/html;q=0.5'],
    ['application/json'],
    [''],
    ['garbage;;;'],
    ['text/markdown;q=abc'],
  ])('%j does not', (accept) => {
    expect(prefersMarkdown(accept)).toBe(false)
  })
})

describe('prefersMarkdown, ties', () => {
  it.each([['text/markdown, text/html'], ['text/html;q=0.7, text/markdown;q=0.7']])(
    '%j ranks both equally: the page',
    (accept) => {
      expect(prefersMarkdown(accept)).toBe(false)
    },
  )
})

describe('preferredLocale', () => {
  it.each([
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['fr, es;q=0.5, en;q=0.4', 'es'],
    ['en-GB, es;q=0.9', 'en'],
    ['ES', 'es'],
    ['de', 'en'],
    ['es;q=0, en;q=0', 'en'],
    ['', 'en'],
    [null, 'en'],
  ])('%j → %s', (header, locale) => {
    expect(preferredLocale(header)).toBe(locale)
  })
})

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['*;q=0', 'identity'],
    ['*', 'br'],
    ['identity', 'identity'],
  ])('%j → %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding)
  })
})
