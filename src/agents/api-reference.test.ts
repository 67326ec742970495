import { describe, expect, it } from 'vitest'

import { SITE_URL } from '../../tests/support/site-fixtures'

import { apiReference, apiReferenceMarkdown, describeValues } from './api-reference'
import { openApiDocument } from './openapi'

describe('apiReference', () => {
  const document = openApiDocument(SITE_URL)
  const reference = apiReference(document)

  it('has every operation of the document, with every parameter resolved', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { operationId: string; parameters?: unknown[] }>).map(
        ([method, operation]) => ({
          key: `${method.toUpperCase()} ${path} ${operation.operationId}`,
          parameters: operation.parameters?.length ?? 0,
        }),
      ),
    )
    expect(
      reference.operations.map((operation) => ({
        key: `${operation.method} ${operation.path} ${operation.operationId}`,
        parameters: operation.parameters.length,
      })),
    ).toEqual(documented)
    const listPosts = reference.operations.find(
      (operation) => operation.operationId === 'listPosts',
    )
    expect(listPosts?.parameters.find((parameter) => parameter.name === 'limit')).toMatchObject({
      in: 'query',
      required: false,
      values: 'integer, at least 1, default `10`',
    })
  })

  it('describes values in words', () => {
    expect(describeValues({ type: 'integer', minimum: 1, maximum: 1000000, default: 1 })).toBe(
      'integer, at least 1, at most 1000000, default `1`',
    )
    expect(
      describeValues({ type: 'array', items: { type: 'string', enum: ['id', 'title'] } }),
    ).toBe('comma-separated list of one of `id`, `title`')
  })

  it('renders a markdown twin with frontmatter and a section per operation', () => {
    const markdown = apiReferenceMarkdown(SITE_URL)
    expect(markdown.startsWith('---\ntitle: ')).toBe(true)
    for (const operation of reference.operations) {
      expect(markdown).toContain(
        `### \`${operation.method} ${operation.path}\` (${operation.operationId})`,
      )
    }
    expect(markdown).toContain('| `where[slug][equals]` | query |')
  })
})
