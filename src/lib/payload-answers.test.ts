import type { Endpoint } from 'payload'
import { describe, expect, it } from 'vitest'

import {
  allowedMethods,
  classifyPayloadError,
  matchEndpointPath,
  projectErrorShape,
  sqlStateOf,
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

  it('lists the serving methods, with HEAD wherever GET is', () => {
    expect(allowedMethods([endpoint('get'), endpoint('post')])).toEqual(['GET', 'HEAD', 'POST'])
    expect(allowedMethods([endpoint('patch'), endpoint('delete')])).toEqual(['DELETE', 'PATCH'])
  })
})

describe('withProjectAnswers', () => {
  it('gives every collection the fallbacks, one without endpoints of its own included', () => {
    const config = withProjectAnswers({
      collections: [
        { slug: 'posts', endpoints: [] },
        { slug: 'payload-migrations', endpoints: false },
      ],
      endpoints: [],
      hooks: {},
    } as never)
    for (const collection of config.collections) {
      expect(Array.isArray(collection.endpoints), collection.slug).toBe(true)
      expect((collection.endpoints as Endpoint[]).length, collection.slug).toBeGreaterThan(0)
    }
  })
})
