import { describe, expect, it } from 'vitest'

import { readingMinutes, READING_WORDS_PER_MINUTE, wordCount } from './reading-time'

const text = (value: string) => ({ type: 'text', text: value })
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children })
const state = (...children: unknown[]) => ({ root: { type: 'root', children } })

describe('reading time', () => {
  it('counts words across paragraphs, joining inline runs', () => {
    expect(
      wordCount(
        state(
          paragraph(text('one two'), text('three'), { type: 'link', children: [text(' four')] }),
          paragraph(text('five')),
        ),
      ),
    ).toBe(4) // one, twothree (one word split by formatting), four, five
  })

  it('ignores punctuation-only tokens', () => {
    expect(wordCount(state(paragraph(text('a — b !'))))).toBe(2)
  })

  it('is words ÷ 200, rounded up, at least a minute', () => {
    const words = (count: number) =>
      state(paragraph(text(Array.from({ length: count }, () => 'w').join(' '))))
    expect(READING_WORDS_PER_MINUTE).toBe(200)
    expect(readingMinutes(null)).toBe(1)
    expect(readingMinutes(words(200))).toBe(1)
    expect(readingMinutes(words(201))).toBe(2)
    expect(readingMinutes(words(401))).toBe(3)
  })
})
