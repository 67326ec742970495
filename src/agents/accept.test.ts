import { describe, expect, it } from 'vitest'

import { prefersMarkdown } from './accept'

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
