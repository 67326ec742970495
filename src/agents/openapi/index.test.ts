import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import {
  PUBLIC_COLLECTIONS,
  PUBLIC_FIELDS,
  QUERY_LIMITS,
  SORTABLE_FIELDS,
} from '@/content/contract'
import { listQuerySchema, queryParameters, SLUG_FILTER } from '@/content/query-schema'
import { ERROR_STATUS } from '@/http/errors'
import { LOCALES } from '@/i18n/locales'
import { inquirySchema } from '@/inquiries/schema'
import { contentPolicy } from '@/media/content-policy'
import { MEDIA_LIMITS } from '@/media/limits'
import { SEARCH_COLLECTIONS } from '@/search/contract'
import { SITE } from '@/site/config'

import { describeErrors, openApiValidator } from '../../../tests/support/openapi-ajv'
import { SITE_URL } from '../../../tests/support/site-fixtures'

import { documentSchema, errorSchemaName, openApiDocument } from '.'

const document = openApiDocument(SITE_URL)
type Ref = { $ref?: string }
type Operation = { operationId: string; responses: Record<string, unknown>; security?: unknown }
const operations = Object.values(
  document.paths as Record<string, Record<string, Operation>>,
).flatMap((item) => Object.values(item))

describe('openApiDocument', () => {
  it('is OpenAPI 3.1.0, version 1.0.0, served from the site', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.version).toBe('1.0.0')
    expect(document.servers).toEqual([{ url: SITE_URL }])
  })

  it('documents exactly the public operations, under their operationIds', () => {
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(
      [
        'createInquiry',
        'getCaseStudy',
        'getCategory',
        'getMediaFile',
        'getPost',
        'listCaseStudies',
        'listCategories',
        'listPosts',
        'searchContent',
      ].sort(),
    )
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/case-studies',
        '/api/case-studies/{id}',
        '/api/categories',
        '/api/categories/{id}',
        '/api/inquiries',
        '/api/media/file/{filename}',
        '/api/posts',
        '/api/posts/{id}',
        '/api/search',
      ].sort(),
    )
  })

  it('takes bounds and defaults from the query contract, and says what is clamped', () => {
    const { Limit, Depth, Page, Sort, PostSelect } = document.components.parameters as Record<
      string,
      {
        description: string
        schema: { enum?: string[]; items?: { enum: string[] } } & Record<string, unknown>
      }
    >
    // Clamped, not refused: no maximum, and the description says what larger values become.
    expect(Limit!.schema).toEqual({
      type: 'integer',
      minimum: 1,
      default: QUERY_LIMITS.limitDefault,
    })
    expect(Limit!.description).toContain(
      `Values above ${QUERY_LIMITS.limitMax} are treated as ${QUERY_LIMITS.limitMax}`,
    )
    expect(Depth!.schema).toEqual({
      type: 'integer',
      minimum: 0,
      default: QUERY_LIMITS.depthDefault,
    })
    expect(Depth!.description).toContain(
      `Values above ${QUERY_LIMITS.depthMax} are treated as ${QUERY_LIMITS.depthMax}`,
    )
    // Refused above its maximum.
    expect(Page!.schema).toMatchObject({ minimum: 1, maximum: QUERY_LIMITS.pageMax })
    expect(Sort!.schema.enum).toEqual(SORTABLE_FIELDS.flatMap((field) => [field, `-${field}`]))
    expect(PostSelect!.schema.items?.enum).toEqual(['id', ...PUBLIC_FIELDS.posts])
    // Duplicates are accepted (they count once), so the document must not forbid them.
    expect(PostSelect!.schema).not.toHaveProperty('uniqueItems')
  })

  it('takes its parameters from the zod schemas that parse requests', () => {
    const parameters = document.components.parameters as Record<string, { schema: unknown }>
    const fromSchema = Object.fromEntries(
      queryParameters(listQuerySchema('posts')).map((parameter) => [parameter.name, parameter]),
    )
    expect(parameters.Limit!.schema).toEqual(fromSchema.limit!.schema)
    expect(parameters.SlugFilter!.schema).toEqual(fromSchema[SLUG_FILTER]!.schema)
    expect(parameters.Locale!.schema).toEqual({ type: 'string', enum: [...LOCALES] })
  })

  it('describes documents as open objects with every public field', () => {
    for (const collection of PUBLIC_COLLECTIONS) {
      const schema = documentSchema(collection) as {
        properties: object
        additionalProperties: boolean
      }
      expect(Object.keys(schema.properties)).toEqual(['id', ...PUBLIC_FIELDS[collection]])
      expect(schema.additionalProperties).toBe(true)
    }
  })

  it("names every collection the search index holds as a hit's collection", () => {
    const { SearchHit } = document.components.schemas
    expect(SearchHit.properties.collection.enum).toEqual([...SEARCH_COLLECTIONS])
    expect(SEARCH_COLLECTIONS).toEqual(['posts', 'case-studies', 'services'])
  })

  it('uses the inquiry zod schema as the request body', () => {
    const { $schema: _, ...expected } = z.toJSONSchema(inquirySchema, { io: 'input' })
    expect(document.components.schemas.Inquiry).toEqual(expected)
  })

  it('has an error schema for each error code an operation answers with, and no other', () => {
    const answered = new Set(
      operations.flatMap((operation) =>
        Object.values(
          operation.responses as Record<string, { content?: Record<string, { schema?: Ref }> }>,
        ).flatMap((response) =>
          Object.values(response.content ?? {}).map((media) => media.schema?.$ref ?? ''),
        ),
      ),
    )
    for (const code of Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]) {
      const name = errorSchemaName(code)
      expect(Object.hasOwn(document.components.schemas, name), name).toBe(
        answered.has(`#/components/schemas/${name}`),
      )
    }
    // What every operation answers with a 400 or 404, and what none does.
    expect(document.components.schemas).toHaveProperty('InvalidParameterError')
    expect(document.components.schemas).toHaveProperty('NotFoundError')
    expect(document.components.schemas).not.toHaveProperty('MethodNotAllowedError')
    expect(errorSchemaName('invalid_parameter')).toBe('InvalidParameterError')
  })

  it('declares every operation public (`security: []`) and the terms of use', () => {
    for (const operation of operations) {
      expect(operation.security, operation.operationId).toEqual([])
    }
    expect(document.info.license).toEqual({
      name: `Proprietary: © ${SITE.name}, all rights reserved`,
      url: `${SITE_URL}/docs/api`,
    })
    // The page the license points at states the terms: the reference shows the description.
    expect(document.info.description).toContain('Terms of use:')
  })

  it('documents each Content-Type a media file is sent with', () => {
    const { responses } = document.paths['/api/media/file/{filename}'].get
    const documented = (status: '200' | '206') =>
      Object.keys((responses[status] as { content: Record<string, unknown> }).content)
    expect(documented('200')).toEqual([
      'image/*',
      'video/*',
      'application/pdf',
      'application/octet-stream',
    ])
    expect(documented('206')).toEqual(documented('200'))
    // What the server labels a stored file with, for every type uploads allow and an unknown one.
    const matches = (type: string) =>
      documented('200').some((range) =>
        range.endsWith('/*') ? type.startsWith(range.slice(0, -1)) : type === range,
      )
    for (const stored of [...MEDIA_LIMITS.mimeTypes, null, 'not a type']) {
      const { contentType } = contentPolicy(stored)
      expect(matches(contentType), contentType).toBe(true)
    }
  })

  it('documents `select` as the array OpenAPI clients send (`select=a&select=b`) and the comma form', () => {
    const { PostSelect } = document.components.parameters as Record<
      string,
      { description: string } & Record<string, unknown>
    >
    expect(PostSelect).toMatchObject({ style: 'form', explode: true, schema: { type: 'array' } })
    expect(PostSelect!.description).toContain('`select=title,slug`')
    expect(PostSelect!.description).toContain('`select=title&select=slug`')
  })

  it('gives both inquiry refusals that ask to wait a required Retry-After', () => {
    const responses = document.paths['/api/inquiries'].post.responses as Record<
      string,
      { headers?: Record<string, unknown> }
    >
    expect(responses['429']?.headers).toHaveProperty('Retry-After')
    expect(responses['503']?.headers).toHaveProperty('Retry-After')
    expect(document.components.headers.RetryAfter).toMatchObject({
      required: true,
      schema: { type: 'integer' },
    })
  })

  it('has schemas that compile under Ajv strict mode and mean what they say', () => {
    const { validator } = openApiValidator(document as unknown as Record<string, unknown>)
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => validator(`#/components/schemas/${name}`), name).not.toThrow()
    }
    const post = validator('#/components/schemas/Post')
    expect(
      post({ id: 1, title: { en: 'x', es: null }, slug: 'a-b', anything: 1 }),
      describeErrors(post),
    ).toBe(true)
    expect(post({ title: 'no id' })).toBe(false)
    expect(post({ id: 1, title: { fr: 'x' } })).toBe(false)
    const notFound = validator('#/components/schemas/NotFoundError')
    expect(notFound({ error: { code: 'not_found', message: 'x' } })).toBe(true)
    expect(notFound({ error: { code: 'forbidden', message: 'x' } })).toBe(false)
    const inquiry = validator('#/components/schemas/Inquiry')
    expect(inquiry({ name: 'A', email: 'a@example.com', message: 'Hi' })).toBe(true)
    expect(inquiry({ name: 'A', email: 'a@example.com', message: 'Hi', extra: 1 })).toBe(false)
    expect(inquiry({ name: 'A'.repeat(121), email: 'a@example.com', message: 'Hi' })).toBe(false)
  })
})
