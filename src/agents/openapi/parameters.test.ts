import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { ReadableCollection } from '@/content/contract'
import { parseDocumentQuery, parseListQuery } from '@/content/query'
import { ApiError } from '@/http/api-error'

import { openApiValidator } from '../../../tests/support/openapi-ajv'
import { SITE_URL } from '../../../tests/support/site-fixtures'

import { openApiDocument } from '.'

/**
 * The document states exactly what the server does: for every query parameter of every content
 * operation, a value the document allows is accepted by the parser, and a value it forbids is a
 * 400 — at the boundaries of each schema and on random values.
 */

type Json = Record<string, unknown>
interface Parameter {
  name: string
  in: string
  schema: Json
  style?: string
  explode?: boolean
}

const document = openApiDocument(SITE_URL)
const { validator } = openApiValidator(document as unknown as Json)
const components = document.components.parameters as Record<string, Parameter>

const PARSERS: Record<string, (params: URLSearchParams) => unknown> = {}
const OPERATIONS: { operationId: string; parameters: { parameter: Parameter; ref: string }[] }[] =
  []
for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
  const match = /^\/api\/(posts|case-studies|categories)(\/\{id\})?$/.exec(path)
  if (!match) continue
  const collection = match[1] as ReadableCollection
  const operation = (item as { get: { operationId: string; parameters: { $ref: string }[] } }).get
  PARSERS[operation.operationId] = match[2]
    ? (params) => parseDocumentQuery(params, collection)
    : (params) => parseListQuery(params, collection)
  OPERATIONS.push({
    operationId: operation.operationId,
    parameters: operation.parameters
      .map(({ $ref }) => ({ ref: $ref, parameter: components[$ref.split('/').pop()!]! }))
      .filter(({ parameter }) => parameter.in === 'query'),
  })
}

/**
 * The value raw query values stand for, as the document states them: integers in decimal; an array
 * (`form`, exploded: the parameter once per item, each occurrence also taking items
 * comma-separated, with spaces around items ignored and `` the empty array, as the parameter's
 * description says) from every occurrence.
 */
function decode(parameter: Parameter, raws: readonly string[]): unknown {
  const type = parameter.schema.type
  if (type === 'array') {
    expect(parameter).toMatchObject({ style: 'form', explode: true })
    return raws.flatMap((raw) =>
      raw.trim() === '' ? [] : raw.split(',').map((item) => item.trim()),
    )
  }
  expect(raws).toHaveLength(1)
  const raw = raws[0]!
  if (type === 'integer') return /^-?\d+$/.test(raw) ? Number(raw) : raw
  return raw
}

/** Values at and beyond each edge the schema draws, plus some it says nothing about. */
function boundaries(schema: Json): string[] {
  const samples = ['', ' ', 'x', '%', '1.5', '1e3', '+1', '-0', '0x1', 'null', '\u0000', '\u0085']
  for (const key of ['minimum', 'maximum'] as const) {
    const bound = schema[key]
    if (typeof bound === 'number') samples.push(...[bound - 1, bound, bound + 1].map(String))
  }
  if (typeof schema.default === 'string' || typeof schema.default === 'number') {
    samples.push(String(schema.default))
  }
  if (schema.type === 'integer') samples.push('0', '1', '2', '99', '1000', '9'.repeat(30), '-7')
  const items = (schema.items as Json | undefined)?.enum as string[] | undefined
  const choices = (schema.enum as string[] | undefined) ?? items ?? []
  samples.push(...choices, ...choices.map((choice) => `-${choice}`), 'secret', '_status')
  if (items) {
    samples.push(
      items.slice(0, 3).join(','),
      `${items[1]},${items[1]}`,
      `${items[1]}, ${items[2]}`,
      `${items[1]},`,
      ',',
      `${items[1]},internalNotes`,
    )
  }
  if (typeof schema.maxLength === 'number') {
    for (const length of [schema.maxLength, schema.maxLength + 1]) {
      samples.push('a'.repeat(length), '\u{1F600}'.repeat(length))
    }
  }
  return samples
}

/** Accepted or refused (with a 400 naming the parameter) by the server's parser. */
function accepted(operationId: string, name: string, raws: string | readonly string[]): boolean {
  try {
    PARSERS[operationId]!(new URLSearchParams([raws].flat().map((raw) => [name, raw])))
    return true
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    expect(new Set((error as ApiError).details?.map((detail) => detail.field))).toEqual(
      new Set([name]),
    )
    return false
  }
}

function allowed(ref: string, parameter: Parameter, raws: string | readonly string[]): boolean {
  const check = validator(`${ref}/schema`)
  return check(decode(parameter, [raws].flat()))
}

describe('the OpenAPI document and the query parser agree', () => {
  it('covers every query parameter of every content operation', () => {
    expect(OPERATIONS.map((operation) => operation.operationId).sort()).toEqual(
      [
        'getCaseStudy',
        'getCategory',
        'getPost',
        'listCaseStudies',
        'listCategories',
        'listPosts',
      ].sort(),
    )
    const names = new Set(
      OPERATIONS.flatMap((operation) => operation.parameters.map((p) => p.parameter.name)),
    )
    expect([...names].sort()).toEqual(
      [
        'category',
        'depth',
        'limit',
        'locale',
        'page',
        'select',
        'sort',
        'where[slug][equals]',
      ].sort(),
    )
  })

  describe.each(OPERATIONS)('$operationId', ({ operationId, parameters }) => {
    it.each(parameters.map(({ ref, parameter }) => [parameter.name, ref, parameter] as const))(
      '%s: boundaries',
      (name, ref, parameter) => {
        const disagreements = boundaries(parameter.schema)
          .map((raw) => ({
            raw,
            documented: allowed(ref, parameter, raw),
            served: accepted(operationId, name, raw),
          }))
          .filter(({ documented, served }) => documented !== served)
        expect(disagreements).toEqual([])
      },
    )

    it.each(parameters.map(({ ref, parameter }) => [parameter.name, ref, parameter] as const))(
      '%s: random values',
      (name, ref, parameter) => {
        const value = fc.oneof(
          fc.constantFrom(...boundaries(parameter.schema)),
          fc.string({ maxLength: 12 }),
          fc.integer({ min: -5, max: 2_000_000 }).map(String),
          fc
            .array(fc.constantFrom(...boundaries(parameter.schema)), { maxLength: 4 })
            .map((items) => items.join(',')),
        )
        fc.assert(
          fc.property(value, (raw) => {
            expect(accepted(operationId, name, raw), JSON.stringify(raw)).toBe(
              allowed(ref, parameter, raw),
            )
          }),
          { numRuns: 300 },
        )
      },
    )
  })

  describe.each(OPERATIONS)('$operationId', ({ operationId, parameters }) => {
    const lists = parameters.filter(({ parameter }) => parameter.schema.type === 'array')

    it.each(lists.map(({ ref, parameter }) => [parameter.name, ref, parameter] as const))(
      '%s: repeated, as OpenAPI clients send an array',
      (name, ref, parameter) => {
        const items = (parameter.schema.items as Json).enum as string[]
        const value = fc.array(
          fc.constantFrom(...items, 'secret', '_status', `${items[1]},${items[2]}`),
          { minLength: 2, maxLength: 4 },
        )
        fc.assert(
          fc.property(value, (raws) => {
            expect(accepted(operationId, name, raws), JSON.stringify(raws)).toBe(
              allowed(ref, parameter, raws),
            )
          }),
          { numRuns: 200 },
        )
        expect(allowed(ref, parameter, [items[1]!, items[2]!])).toBe(true)
      },
    )
  })

  it('applies the documented default and what a clamped value becomes', () => {
    const list = parseListQuery(new URLSearchParams('limit=101&depth=4'), 'posts')
    expect(list).toMatchObject({ limit: 100, depth: 3, page: 1 })
    expect(components.Limit!.schema.default).toBe(
      parseListQuery(new URLSearchParams(), 'posts').limit,
    )
  })
})
