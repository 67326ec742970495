import { describe, expect, it } from 'vitest'

import {
  clip,
  generateSeoDescription,
  generateSeoTitle,
  lexicalPlainText,
  SEO_LENGTHS,
} from './seo'

describe('SEO generate functions', () => {
  it('clip keeps short text and cuts long text on a word boundary with an ellipsis', () => {
    expect(clip('  short   text ', 20)).toBe('short text')
    expect(clip('one two three four', 12)).toBe('one two…')
    expect(clip('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`)
  })

  it('the title is the document title within the shown length', () => {
    const title = generateSeoTitle({ doc: { title: 'word '.repeat(30) } })
    expect(title.length).toBeLessThanOrEqual(SEO_LENGTHS.titleMax)
    expect(title.endsWith('…')).toBe(true)
  })

  it('the description is the excerpt, else the start of the body', () => {
    const content = {
      root: {
        children: [
          { type: 'heading', children: [{ type: 'text', text: 'Heading' }] },
          { type: 'paragraph', children: [{ type: 'text', text: 'Body.' }] },
        ],
      },
    }
    expect(lexicalPlainText(content).trim()).toBe('Heading Body.')
    expect(generateSeoDescription({ doc: { excerpt: 'The excerpt.', content } })).toBe(
      'The excerpt.',
    )
    expect(generateSeoDescription({ doc: { excerpt: '', content } })).toBe('Heading Body.')
  })
})
