import type { Endpoint, Field, FieldHook, PayloadRequest } from 'payload'
import { describe, expect, it } from 'vitest'

import {
  allowedMethods,
  checkedMethodOverride,
  classifyPayloadError,
  matchEndpointPath,
  oneOptionGuard,
  projectErrorShape,
  sqlStateOf,
  withCheckedMethodOverride,
  withProjectAnswers,
} from './payload-answers'

describe('classifyPayloadError', () => {
  const sqlError = Object.assign(new Error('invalid input syntax for type integer: "abc"'), {
    code: '22P02',
  })

  it('answers a data exception of the database (SQLSTATE class 22) as a 400, for anyone', () => {
    expect(classifyPayloadError(sqlError, 500)).toMatchObject({
      status: 400,
      code: 'invalid_parameter',
    })
  })

  it('reads the SQLSTATE from the error drizzle and Payload wrap around the driver’s', () => {
    const wrapped = new Error('Failed query: select …', {
      cause: Object.assign(new Error('date/time field value out of range'), { code: '22008' }),
    })
    expect(sqlStateOf(wrapped)).toBe('22008')
    expect(classifyPayloadError(wrapped, 500).status).toBe(400)
  })

  it('keeps every other server failure a 500: a bug is not the caller’s mistake', () => {
    const undefinedColumn = Object.assign(new Error('column "x" does not exist'), { code: '42703' })
    for (const error of [undefinedColumn, new TypeError('Cannot read properties of undefined')]) {
      expect(classifyPayloadError(error, 500)).toMatchObject({
        status: 500,
        code: 'internal_error',
      })
    }
  })

  it('answers a database out of reach 503', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    expect(classifyPayloadError(refused, 500)).toMatchObject({ status: 503, code: 'unavailable' })
  })

  it('keeps 4xx statuses and names their code', () => {
    expect(classifyPayloadError(new Error('x'), 403)).toEqual({
      status: 403,
      code: 'forbidden',
    })
    expect(classifyPayloadError(new Error('x'), 401).code).toBe('unauthorized')
    expect(classifyPayloadError(new Error('x'), 429).code).toBe('rate_limited')
  })
})

describe('projectErrorShape', () => {
  type HookArgs = Parameters<typeof projectErrorShape>[0]
  const run = (error: Error, user: unknown, errors = [{ message: 'Something went wrong.' }]) => {
    const req = { user, method: 'GET', url: 'http://x/api/media?where[id][in]=a' }
    const result = projectErrorShape({
      error,
      req,
      result: { errors },
      context: {},
    } as never as HookArgs)
    return { result, req: req as typeof req & { responseHeaders?: Headers } }
  }

  it('adds the project error beside Payload’s list and turns a data exception into a 400', () => {
    const invalid = Object.assign(new Error('invalid input syntax for type integer'), {
      code: '22P02',
    })
    const { result } = run(invalid, null)
    expect(result).toEqual({
      status: 400,
      response: {
        errors: [{ message: expect.stringContaining('check its path and parameters') }],
        error: {
          code: 'invalid_parameter',
          message: expect.stringContaining('check its path and parameters'),
        },
      },
    })
  })

  it('answers any other failure a 500 with the generic message, for anonymous callers too', () => {
    const { result } = run(new TypeError('Cannot read properties of undefined (reading "x")'), null)
    expect(result).toEqual({
      status: 500,
      response: {
        errors: [{ message: 'Something went wrong on our side.' }],
        error: { code: 'internal_error', message: 'Something went wrong on our side.' },
      },
    })
  })

  it('keeps Payload’s own message and status for 4xx', () => {
    const forbidden = Object.assign(new Error('You are not allowed'), { status: 403 })
    expect(run(forbidden, null, [{ message: 'You are not allowed' }]).result).toEqual({
      status: 403,
      response: {
        errors: [{ message: 'You are not allowed' }],
        error: { code: 'forbidden', message: 'You are not allowed' },
      },
    })
  })

  it('keeps a validation error’s per-field messages, which say why a field was refused', () => {
    const data = {
      collection: 'posts',
      errors: [{ path: 'coverImage', message: 'A cover image must be at least 800 pixels wide.' }],
    }
    const invalid = Object.assign(new Error('The following field is invalid: Cover Image'), {
      name: 'ValidationError',
      status: 400,
      data,
    })
    const message = 'The following field is invalid: Cover Image'
    expect(run(invalid, { id: 1 }, [{ message }]).result).toMatchObject({
      status: 400,
      response: { errors: [{ message, data }] },
    })
  })

  it('answers an outage 503 with Retry-After', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    const { result, req } = run(refused, { id: 1 })
    expect(result).toMatchObject({ status: 503, response: { error: { code: 'unavailable' } } })
    expect(req.responseHeaders?.get('retry-after')).toBe('5')
  })

  it('keeps the project error a collection’s own hook already named', () => {
    const refused = Object.assign(new Error('control character'), { status: 400 })
    const req = { user: null, method: 'POST', url: 'http://x/api/users/login' }
    const result = projectErrorShape({
      error: refused,
      req,
      result: {
        errors: [{ message: 'control character' }],
        error: { code: 'invalid_body', message: 'control character' },
      },
      context: {},
    } as never as HookArgs)
    expect(result).toMatchObject({ status: 400, response: { error: { code: 'invalid_body' } } })
  })

  it('leaves GraphQL errors alone', () => {
    expect(
      projectErrorShape({ error: new Error('x'), req: {}, context: {} } as never as HookArgs),
    ).toBeUndefined()
  })
})

describe('matchEndpointPath', () => {
  it.each([
    ['/', '/', {}],
    ['/:id', '/12', { id: '12' }],
    ['/versions/:id', '/versions/3', { id: '3' }],
    ['/access/:id?', '/access', {}],
    ['/access/:id?', '/access/4', { id: '4' }],
    ['/:id/duplicate', '/5/duplicate', { id: '5' }],
  ])('%s matches %s', (pattern, path, params) => {
    expect(matchEndpointPath(pattern, path)).toEqual(params)
  })

  it.each([
    ['/', '/x'],
    ['/:id', '/'],
    ['/:id', '/1/preview'],
    ['/versions/:id', '/versions'],
    ['/count', '/counts'],
  ])('%s does not match %s', (pattern, path) => {
    expect(matchEndpointPath(pattern, path)).toBeNull()
  })
})

describe('allowedMethods', () => {
  const endpoint = (method: Endpoint['method']): Endpoint => ({
    method,
    path: '/',
    handler: () => new Response(),
  })

  it('lists the serving methods, with HEAD wherever GET is, and OPTIONS', () => {
    expect(allowedMethods([endpoint('get'), endpoint('post')])).toEqual([
      'GET',
      'HEAD',
      'OPTIONS',
      'POST',
    ])
    expect(allowedMethods([endpoint('patch'), endpoint('delete')])).toEqual([
      'DELETE',
      'OPTIONS',
      'PATCH',
    ])
  })
})

describe('withProjectAnswers', () => {
  const handler = () => Response.json({ served: true })
  const answers = () =>
    withProjectAnswers({
      collections: [
        {
          slug: 'posts',
          endpoints: [
            { method: 'get', path: '/', handler },
            { method: 'post', path: '/', handler },
          ],
          fields: [],
        },
        { slug: 'payload-migrations', endpoints: false, fields: [] },
      ],
      globals: [
        { slug: 'home', endpoints: [{ method: 'get', path: '/', handler }], fields: [] },
        { slug: 'bare', endpoints: false, fields: [] },
      ],
      endpoints: [],
      hooks: {},
    } as never)

  /** What the fallback of `entity` answers `method` on `rest` (Payload tries it last). */
  async function fallbackAnswer(entity: { endpoints: unknown }, method: string, rest: string[]) {
    const fallback = (entity.endpoints as Endpoint[]).find(
      (endpoint) => endpoint.method === method.toLowerCase() && endpoint.path === '/:rest*',
    )!
    const response = await fallback.handler({ method, routeParams: { rest } } as never)
    return {
      status: response.status,
      allow: response.headers.get('allow'),
      body: response.status === 204 ? null : ((await response.json()) as Record<string, unknown>),
    }
  }

  it('gives every collection and global the fallbacks, those without endpoints included', () => {
    const config = answers()
    for (const entity of [...config.collections, ...config.globals]) {
      expect(Array.isArray(entity.endpoints), entity.slug).toBe(true)
      expect((entity.endpoints as Endpoint[]).length, entity.slug).toBeGreaterThan(0)
    }
  })

  it('answers OPTIONS with 204 and the Allow of the endpoints serving the path', async () => {
    const [posts] = answers().collections
    expect(await fallbackAnswer(posts!, 'OPTIONS', [])).toEqual({
      status: 204,
      allow: 'GET, HEAD, OPTIONS, POST',
      body: null,
    })
  })

  it('answers a method the path lacks with a 405 whose Allow names OPTIONS too', async () => {
    const [home] = answers().globals
    const answer = await fallbackAnswer(home!, 'PUT', [])
    expect(answer.status).toBe(405)
    expect(answer.allow).toBe('GET, HEAD, OPTIONS')
    expect(answer.body).toMatchObject({ error: { code: 'method_not_allowed' } })
  })

  it("answers a path no endpoint serves, a global's included, with the JSON 404", async () => {
    const [home, bare] = answers().globals
    for (const [entity, method] of [
      [home!, 'PATCH'],
      [home!, 'OPTIONS'],
      [bare!, 'GET'],
    ] as const) {
      const answer = await fallbackAnswer(entity, method, ['versions', 'x'])
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ error: { code: 'not_found' } })
    }
  })

  it('guards every single-choice field, nested ones included, and leaves hasMany selects', () => {
    const select = (name: string, hasMany = false) =>
      ({ name, type: 'select', hasMany, options: ['a', 'b'] }) as Field
    const fields: Field[] = [
      select('_status'),
      select('roles', true),
      { name: 'choice', type: 'radio', options: ['a'] } as Field,
      { name: 'meta', type: 'group', fields: [select('kind')] } as Field,
      { type: 'tabs', tabs: [{ name: 'tab', fields: [select('inTab')] }] } as Field,
      {
        name: 'blocks',
        type: 'blocks',
        blocks: [{ slug: 'block', fields: [select('inBlock')] }],
      } as Field,
    ]
    withProjectAnswers({
      collections: [{ slug: 'posts', endpoints: [], fields }],
      globals: [],
      endpoints: [],
      hooks: {},
    } as never)
    const guarded: string[] = []
    const visit = (list: Field[]) => {
      for (const field of list) {
        if ('name' in field && 'hooks' in field && field.hooks?.beforeValidate?.length)
          guarded.push(field.name)
        if ('fields' in field) visit(field.fields)
        if (field.type === 'tabs') for (const tab of field.tabs) visit(tab.fields)
        if (field.type === 'blocks')
          for (const block of field.blocks) if (typeof block !== 'string') visit(block.fields)
      }
    }
    visit(fields)
    expect(guarded.sort()).toEqual(['_status', 'choice', 'inBlock', 'inTab', 'kind'])
  })
})

describe('oneOptionGuard', () => {
  const run = (value: unknown) =>
    (oneOptionGuard('_status') as (args: Parameters<FieldHook>[0]) => unknown)({
      value,
      path: ['_status'],
      collection: { slug: 'posts' },
      req: {} as PayloadRequest,
    } as never)

  it('lets one option, or none, through unchanged', () => {
    for (const value of ['published', '', null, undefined]) expect(run(value)).toBe(value)
  })

  it.each([[['published']], [{ a: 1 }], [1], [true]])(
    'refuses %j with a validation error (400, logged as one) naming the field',
    (value) => {
      let thrown: unknown
      try {
        run(value)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toMatchObject({
        name: 'ValidationError',
        status: 400,
        data: { collection: 'posts', errors: [{ path: '_status' }] },
      })
    },
  )
})

describe('checkedMethodOverride', () => {
  const override = (body: string, headers: Record<string, string> = {}) =>
    new Request('http://localhost/api/users', {
      method: 'POST',
      headers: {
        'X-HTTP-Method-Override': 'GET',
        'Content-Type': 'application/json',
        ...headers,
      },
      body,
    })

  it.each(['', '{', '[', 'garbage', '{"where":'])(
    'answers a POST read as GET whose body is %j with a JSON 400',
    async (body) => {
      const answer = await checkedMethodOverride(override(body))
      expect(answer).toBeInstanceOf(Response)
      const response = answer as Response
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: { code: 'invalid_body' } })
    },
  )

  it("hands on a JSON body intact, and anything Payload doesn't read as an override", async () => {
    const checked = await checkedMethodOverride(override('{"where":{"id":{"equals":1}}}'))
    expect(checked).toBeInstanceOf(Request)
    expect(await (checked as Request).json()).toEqual({ where: { id: { equals: 1 } } })
    for (const request of [
      override('{', { 'X-HTTP-Method-Override': 'PUT' }),
      override('{', { 'Content-Type': 'application/json; charset=utf-8' }),
      new Request('http://localhost/api/users', { method: 'POST', body: '{' }),
    ]) {
      expect(await checkedMethodOverride(request)).toBe(request)
    }
    const payloadsOwn = override('', {
      'X-HTTP-Method-Override': '',
      'X-Payload-HTTP-Method-Override': 'GET',
    })
    expect(((await checkedMethodOverride(payloadsOwn)) as Response).status).toBe(400)
  })

  it('wraps a handler, which then never sees a refused body', async () => {
    let calls = 0
    const handler = withCheckedMethodOverride(async (request: Request) => {
      calls += 1
      return Response.json(await request.json())
    })
    expect((await handler(override('{'))).status).toBe(400)
    expect(calls).toBe(0)
    expect(await (await handler(override('{"a":1}'))).json()).toEqual({ a: 1 })
  })
})
