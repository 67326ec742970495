import { compileErrors, validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { get, getJson } from '../support/api'
import {
  createCategory,
  createDocument,
  createImage,
  type CreatedDocument,
} from '../support/factories'
import { postInquiry, resetBudgets, uniqueClient, validInquiry } from '../support/inquiries'
import { fileUrl } from '../support/media'
import { describeErrors, openApiValidator } from '../support/openapi-ajv'
import { REDOCLY_LINT_TIMEOUT_MS, redoclyLint } from '../support/redocly-lint'

/**
 * /openapi.json (spec 4.7, 9): a valid OpenAPI 3.1.0 document, and a contract that the live
 * service keeps: every documented response of every operation is provoked here and checked
 * against its documented schema (Ajv, JSON Schema 2020-12), documented headers and documented
 * Content-Type. The document passes the strictest lint client generators are checked with.
 */

type Json = Record<string, unknown>
type Operation = {
  operationId: string
  responses: Record<
    string,
    { headers?: Record<string, Json>; content?: Record<string, { schema?: Json }> }
  >
  requestBody?: { content: Record<string, { schema: Json }> }
}

let document: Json & {
  paths: Record<string, Record<string, Operation>>
  components: { headers: Record<string, Json>; schemas: Record<string, Json> }
}
let contract: ReturnType<typeof openApiValidator>
const operations = new Map<string, { path: string; method: string; operation: Operation }>()
const exercised = new Set<string>()

/** Responses that cannot be provoked against a healthy test app, and why. */
const NOT_PROVOKED: Record<string, string> = {
  'createInquiry 503': 'needs the database to fail while the inquiry is stored',
}

beforeAll(async () => {
  const { status, body, response } = await getJson<typeof document>('/openapi.json')
  expect(status).toBe(200)
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
  document = body
  contract = openApiValidator(document)
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operations.set(operation.operationId, { path, method, operation })
    }
  }
})

/** Checks a live response against what `operationId` documents for its status. */
async function expectDocumented(operationId: string, response: Response, expectedStatus: number) {
  expect(response.status, `${operationId} status`).toBe(expectedStatus)
  const documented = operations.get(operationId)?.operation.responses[String(response.status)]
  expect(documented, `${operationId} documents ${response.status}`).toBeDefined()
  exercised.add(`${operationId} ${response.status}`)

  for (const [name, header] of Object.entries(documented!.headers ?? {})) {
    const definition = (
      typeof header.$ref === 'string'
        ? document.components.headers[String(header.$ref).split('/').pop()!]
        : header
    ) as { required?: boolean; schema: Json }
    const value = response.headers.get(name)
    if (definition.required)
      expect(value, `${operationId} ${response.status} header ${name}`).not.toBeNull()
    if (value !== null) {
      const parsed = definition.schema.type === 'integer' ? Number(value) : value
      const check = contract.ajv.compile(definition.schema)
      expect(check(parsed), `${name}: ${value}`).toBe(true)
    }
  }

  // The Content-Type sent is one the response documents (exactly, or within a range: `image/*`).
  const documentedTypes = Object.keys(documented!.content ?? {})
  if (documentedTypes.length > 0) {
    const sent = (response.headers.get('content-type') ?? '').split(';')[0]!.trim()
    const listed = documentedTypes.some((type) =>
      type.endsWith('/*') ? sent.startsWith(type.slice(0, -1)) : sent === type,
    )
    expect(
      listed,
      `${operationId} ${response.status} sends ${sent}, documents ${documentedTypes}`,
    ).toBe(true)
  }

  const schema = documented!.content?.['application/json']?.schema
  const bytes = Buffer.from(await response.arrayBuffer())
  if (!schema) return
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(typeof schema.$ref, 'response schemas are components').toBe('string')
  const check = contract.validator(String(schema.$ref))
  const body: unknown = JSON.parse(bytes.toString('utf8'))
  expect(check(body), `${operationId} ${response.status}: ${describeErrors(check)}`).toBe(true)
}

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1.0 document (@readme/openapi-parser)', async () => {
    const result = await validate(structuredClone(document) as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect(document.openapi).toBe('3.1.0')
    expect((document.info as Json).version).toBe('1.0.0')
  })

  it(
    'passes `redocly lint` (recommended-strict, redocly.yaml) with no error and no warning',
    () => {
      const report = redoclyLint([document])
      expect(report.documents[0]!.problems).toEqual([])
      expect(report.documents[0]!.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 })
      expect(report.status).toBe(0)
    },
    REDOCLY_LINT_TIMEOUT_MS,
  )

  it('names the nine operations and no private path', () => {
    expect([...operations.keys()].sort()).toEqual(
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
    for (const path of Object.keys(document.paths)) {
      expect(path).not.toMatch(/graphql|users|admin|inquiries\/|payload|markdown-twin/)
    }
  })

  it('documents the 429 with an integer Retry-After header', () => {
    const tooMany = operations.get('createInquiry')!.operation.responses['429']!
    expect(tooMany.headers).toHaveProperty('Retry-After')
    expect(document.components.headers.RetryAfter).toMatchObject({
      required: true,
      schema: { type: 'integer' },
    })
  })
})

describe('live responses match the documented schemas', () => {
  const documents: Record<string, CreatedDocument> = {}
  let image: { id: number; filename: string }
  let category: number

  beforeAll(async () => {
    image = await createImage('Contract image')
    category = await createCategory({ en: 'Contract', es: 'Contrato' })
    for (const collection of ['posts', 'case-studies'] as const) {
      documents[collection] = await createDocument(collection, {
        status: 'published',
        coverImage: image.id,
        categories: [category],
      })
    }
    await resetBudgets()
  }, 60_000)

  afterAll(resetBudgets)

  describe.each([
    ['posts', 'listPosts', 'getPost'],
    ['case-studies', 'listCaseStudies', 'getCaseStudy'],
  ] as const)('%s', (collection, list, single) => {
    it.each([
      '',
      '?locale=en',
      '?locale=es&depth=0',
      '?depth=3&limit=2&page=2&sort=title',
      '?select=title,slug,coverImage&sort=-updatedAt',
      '?limit=1000',
    ])(`${list} 200 %s`, async (query) => {
      await expectDocumented(list, await get(`/api/${collection}${query}`), 200)
    })

    it(`${list} 200 by slug`, async () => {
      const response = await get(
        `/api/${collection}?where[slug][equals]=${documents[collection]!.slug}`,
      )
      await expectDocumented(list, response, 200)
    })

    it(`${list} 400`, async () => {
      await expectDocumented(list, await get(`/api/${collection}?limit=abc`), 400)
    })

    it.each(['', '?locale=es', '?depth=0', '?select=title'])(`${single} 200 %s`, async (query) => {
      await expectDocumented(
        single,
        await get(`/api/${collection}/${documents[collection]!.id}${query}`),
        200,
      )
    })

    it(`${single} 400 and 404`, async () => {
      await expectDocumented(single, await get(`/api/${collection}/abc`), 400)
      await expectDocumented(single, await get(`/api/${collection}/2147483000`), 404)
    })
  })

  describe('categories', () => {
    it.each(['', '?locale=en', '?locale=es&sort=-title&limit=1000', '?select=title&page=2'])(
      'listCategories 200 %s',
      async (query) => {
        await expectDocumented('listCategories', await get(`/api/categories${query}`), 200)
      },
    )

    it('listCategories 400', async () => {
      await expectDocumented('listCategories', await get('/api/categories?page=-1'), 400)
    })

    it.each(['', '?locale=es', '?select=slug'])('getCategory 200 %s', async (query) => {
      await expectDocumented('getCategory', await get(`/api/categories/${category}${query}`), 200)
    })

    it('getCategory 400 and 404', async () => {
      await expectDocumented('getCategory', await get('/api/categories/abc'), 400)
      await expectDocumented('getCategory', await get('/api/categories/2147483000'), 404)
    })
  })

  describe('searchContent', () => {
    it.each([
      '?q=body',
      '?q=cuerpo&locale=es&limit=1000',
      '?q=%27%3B%20DROP%20TABLE%20posts&page=3',
    ])('searchContent 200 %s', async (query) => {
      await expectDocumented('searchContent', await get(`/api/search${query}`), 200)
    })

    it('searchContent 400', async () => {
      await expectDocumented('searchContent', await get('/api/search?q='), 400)
    })

    it('searchContent 429 with Retry-After once the client’s budget is spent', async () => {
      const client = { 'X-Forwarded-For': uniqueClient() }
      for (let spent = 0; ; spent += 1) {
        const response = await get(`/api/search?q=budget${spent}`, { headers: client })
        if (response.status === 429) return expectDocumented('searchContent', response, 429)
        expect(response.status).toBe(200)
        await response.arrayBuffer()
      }
    })
  })

  describe('createInquiry', () => {
    const requestSchema = () =>
      contract.validator(
        String(
          operations.get('createInquiry')!.operation.requestBody!.content['application/json']!
            .schema.$ref,
        ),
      )

    it('201 for a body the documented request schema accepts', async () => {
      const inquiry = validInquiry({ phone: '+34 600 000 000', locale: 'es' })
      expect(requestSchema()(inquiry), describeErrors(requestSchema())).toBe(true)
      await expectDocumented('createInquiry', await raw(inquiry), 201)
    })

    it('400, 403, 413 and 415', async () => {
      expect(requestSchema()({ name: 'x' })).toBe(false)
      await expectDocumented('createInquiry', await raw({ name: 'x' }), 400)
      await expectDocumented(
        'createInquiry',
        await raw(validInquiry(), { Origin: 'https://elsewhere.example' }),
        403,
      )
      await expectDocumented(
        'createInquiry',
        await raw(validInquiry({ message: 'x'.repeat(40 * 1024) })),
        413,
      )
      await expectDocumented(
        'createInquiry',
        await raw(validInquiry(), { 'Content-Type': 'text/plain' }),
        415,
      )
    })

    it('429 with Retry-After once a budget is spent', async () => {
      const inquiry = validInquiry()
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await postInquiry(inquiry)).status).toBe(201)
      }
      await expectDocumented('createInquiry', await raw(inquiry), 429)
    })
  })

  describe('getMediaFile', () => {
    const file = () => fileUrl(image.filename)

    it('200, 206 and 304', async () => {
      const full = await get(file())
      const etag = full.headers.get('etag')!
      await expectDocumented('getMediaFile', full, 200)
      await expectDocumented(
        'getMediaFile',
        await get(file(), { headers: { Range: 'bytes=0-9' } }),
        206,
      )
      await expectDocumented(
        'getMediaFile',
        await get(file(), { headers: { 'If-None-Match': etag } }),
        304,
      )
    })

    it('400, 404, 412 and 416', async () => {
      await expectDocumented('getMediaFile', await get('/api/media/file/bad%01name.png'), 400)
      await expectDocumented('getMediaFile', await get('/api/media/file/no-such-file.png'), 404)
      await expectDocumented(
        'getMediaFile',
        await get(file(), { headers: { 'If-Match': '"nope"' } }),
        412,
      )
      await expectDocumented(
        'getMediaFile',
        await get(file(), { headers: { Range: 'bytes=99999999-' } }),
        416,
      )
    })
  })

  it('every documented response of every operation was provoked', () => {
    const documented = [...operations.values()].flatMap(({ operation }) =>
      Object.keys(operation.responses).map((status) => `${operation.operationId} ${status}`),
    )
    const missing = documented.filter((key) => !exercised.has(key) && !(key in NOT_PROVOKED))
    expect(missing).toEqual([])
  })
})

/** POST /api/inquiries from a fresh client address, as a raw Response. */
function raw(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return get('/api/inquiries', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueClient(), ...headers },
    body: JSON.stringify(body),
  })
}
