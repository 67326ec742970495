import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  escapeInline,
  escapeLineStart,
  headingText,
  linkDestination,
  markdownLink,
  yamlString,
} from './escape'

describe('escapeInline', () => {
  it('escapes what would start emphasis, code, links or strikethrough', () => {
    expect(escapeInline('*a* `b` [c](d) ~~e~~ \\')).toBe(
      '\\*a\\* \\`b\\` \\[c\\](d) \\~\\~e\\~\\~ \\\\',
    )
  })

  it('writes < as an entity, so no HTML tag can appear', () => {
    expect(escapeInline('<script>alert(1)</script>')).toBe('&lt;script>alert(1)&lt;/script>')
  })

  it('escapes & only where it would start an entity', () => {
    expect(escapeInline('AT&T &amp; &#60; R&D')).toBe('AT&T \\&amp; \\&#60; R&D')
  })

  it('keeps _ inside words and escapes it elsewhere', () => {
    expect(escapeInline('snake_case _emphasis_')).toBe('snake_case \\_emphasis\\_')
  })

  it('never lets a < through, whatever the text', () => {
    fc.assert(fc.property(fc.string(), (value) => !escapeInline(value).includes('<')))
  })
})

describe('escapeLineStart', () => {
  it.each([
    ['# not a heading', '\\# not a heading'],
    ['> not a quote', '\\> not a quote'],
    ['- not a list', '\\- not a list'],
    ['+ not a list', '\\+ not a list'],
    ['1. not a list', '1\\. not a list'],
    ['12) not a list', '12\\) not a list'],
    ['=== not an underline', '\\=== not an underline'],
    ['    not code', 'not code'],
    ['plain text', 'plain text'],
  ])('%j → %j', (line, expected) => {
    expect(escapeLineStart(line)).toBe(expected)
  })
})

describe('headingText', () => {
  it('is one line with every # escaped', () => {
    expect(headingText('Learn C #\nnow')).toBe('Learn C \\# now')
  })
})

describe('links', () => {
  it('percent-encodes what would end or break a destination', () => {
    expect(linkDestination('https://x.test/a b(c)<d>')).toBe('https://x.test/a%20b%28c%29%3Cd%3E')
  })

  it('escapes the text of a link', () => {
    expect(markdownLink('[a] *b*', 'https://x.test/')).toBe('[\\[a\\] \\*b\\*](https://x.test/)')
  })
})

describe('yamlString', () => {
  it('is a double-quoted scalar that YAML and JSON read back', () => {
    const value = 'Title: "quoted" # not a comment\nnext <b>'
    const written = yamlString(value)
    expect(written.startsWith('"')).toBe(true)
    expect(written).not.toContain('<')
    expect(JSON.parse(written)).toBe(value)
  })
})
