import { describe, expect, it } from 'vitest'

import { frontmatter } from './frontmatter'

describe('frontmatter', () => {
  it('writes the fields in order between --- lines, strings quoted, maps indented', () => {
    expect(
      frontmatter({
        title: 'A: title',
        description: undefined,
        lang: 'en',
        alternates: { es: 'https://x.test/es/a.md' },
      }),
    ).toBe(
      [
        '---',
        'title: "A: title"',
        'lang: "en"',
        'alternates:',
        '  es: "https://x.test/es/a.md"',
        '---',
      ].join('\n'),
    )
  })

  it('leaves out an empty map', () => {
    expect(frontmatter({ title: 'x', alternates: {} })).toBe('---\ntitle: "x"\n---')
  })
})
