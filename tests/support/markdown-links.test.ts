import { describe, expect, it } from 'vitest'

import { markdownLinks } from './markdown-links'

describe('markdownLinks', () => {
  it('reads inline links, images, autolinks and bare URLs', () => {
    const markdown = [
      '- [OpenAPI](https://site.test/openapi.json): the API',
      '- [A \\[draft\\] title](https://site.test/en/blog/a.md "Title")',
      '![Cover](https://site.test/api/media/file/a%20b.png)',
      'See <https://site.test/llms-full.txt> or https://site.test/en.md, and (https://site.test/es.md).',
      'url: "https://site.test/en/blog/a"',
      'Relative: [home](/en).',
    ].join('\n')
    expect(markdownLinks(markdown).sort()).toEqual(
      [
        'https://site.test/openapi.json',
        'https://site.test/en/blog/a.md',
        'https://site.test/api/media/file/a%20b.png',
        'https://site.test/llms-full.txt',
        'https://site.test/en.md',
        'https://site.test/es.md',
        'https://site.test/en/blog/a',
        '/en',
      ].sort(),
    )
  })

  it('reads nothing inside code: spans and fenced blocks name endpoints without linking them', () => {
    const markdown = [
      'The MCP server, `POST https://site.test/api/mcp`, and ``POST https://site.test/x``.',
      'Template: `https://site.test/{locale}/blog/{slug}.md`',
      '```http',
      'POST https://site.test/api/inquiries',
      '[not](https://site.test/not-a-link)',
      '```',
      '~~~',
      'https://site.test/tilde',
      '~~~',
      'After: https://site.test/after',
    ].join('\n')
    expect(markdownLinks(markdown)).toEqual(['https://site.test/after'])
  })
})
