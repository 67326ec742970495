import { readFileSync } from 'node:fs'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import { asAdmin, get } from '../support/api'
import { createCategory, createDocument, type CreatedDocument } from '../support/factories'
import { rawHttp, type RawResponse } from '../support/raw-http'

/**
 * What an outside API fuzzer found, one class per `describe`: other spellings of a path that
 * reached Payload's generic handler around the public contract; methods, sub-routes and
 * parameters that made the server answer 500 or anything but the project's JSON error.
 */

type ErrorBody = {
  error: { code: string; message: string; details?: { field: string; message: string }[] }
}

const startedAt = new Date().toISOString()

function errorOf(response: RawResponse): ErrorBody['error'] {
  expect(response.headers['content-type'], response.body).toMatch(/^application\/json/)
  const body = JSON.parse(response.body) as ErrorBody
  expect(typeof body.error?.code, response.body).toBe('string')
  expect(typeof body.error.message, response.body).toBe('string')
  return body.error
}

function expectError(
  response: RawResponse,
  status: number,
  code: string,
  where: string,
): ErrorBody['error'] {
  expect(response.status, `${where}: ${response.body.slice(0, 300)}`).toBe(status)
  const error = errorOf(response)
  expect(error.code, where).toBe(code)
  return error
}

function expectParameterError(response: RawResponse, field: string, where: string): void {
  const error = expectError(response, 400, 'invalid_parameter', where)
  expect(
    error.details?.map((detail) => detail.field),
    where,
  ).toContain(field)
}

let published: CreatedDocument
let caseStudy: CreatedDocument
let category: number

beforeAll(async () => {
  category = await createCategory({ en: 'Hardening', es: 'Endurecimiento' })
  published = await createDocument('posts', {
    status: 'published',
    categories: [category],
    internalNotes: 'never public',
  })
  await createDocument('posts', { status: 'draft', internalNotes: 'draft only' })
  caseStudy = await createDocument('case-studies', { status: 'published' })
  // More than the contract's page cap, so that a cap can be seen.
  for (let n = 0; n < 3; n += 1) await createCategory({ en: `Cap ${n}`, es: `Tope ${n}` })
}, 120_000)

describe('other spellings of a path get the route the normal path names', () => {
  const QUERY = '?limit=1000&pagination=false&draft=true&depth=0'

  it.each([
    ['/api/%70osts', '/api/posts'],
    ['/api/%70%6f%73%74%73', '/api/posts'],
    ['/api/%70osts/', '/api/posts'],
    ['/api/posts/', '/api/posts'],
    ['/api//posts', '/api/posts'],
    ['//api/posts', '/api/posts'],
    ['/api/./posts', '/api/posts'],
    ['/api/x/../posts', '/api/posts'],
    ['/api/x/%2E%2E/posts', '/api/posts'],
    ['/api/x/.%2e/posts', '/api/posts'],
    ['/%61pi/posts', '/api/posts'],
    ['/api/case-%73tudies', '/api/case-studies'],
    ['/api/case%2Dstudies', '/api/case-studies'],
    ['/api/%63ategories', '/api/categories'],
  ])('%s is redirected (308) to %s, which answers the contract', async (variant, normal) => {
    const redirect = await rawHttp('GET', `${variant}${QUERY}`)
    expect(redirect.status).toBe(308)
    expect(redirect.headers.location).toBe(`${normal}${QUERY}`)

    // fetch resolves dot segments itself; the other spellings it follows the redirect for.
    const viaVariant = await get(`${variant}${QUERY}`)
    expect(new URL(viaVariant.url).pathname).toBe(normal)
    const direct = await get(`${normal}${QUERY}`)
    const body = (await viaVariant.json()) as Record<string, unknown>
    expect(body).toEqual(await direct.json())
    expect(Object.keys(body).sort()).toEqual(
      ['docs', 'hasNextPage', 'hasPrevPage', 'limit', 'page', 'totalDocs', 'totalPages'].sort(),
    )
    expect(body.limit).toBe(100)
    expect(JSON.stringify(body)).not.toContain('_status')
    expect(JSON.stringify(body)).not.toContain('internalNotes')
  })

  it('redirects single documents and every other project route the same way', async () => {
    for (const [variant, normal] of [
      [`/api/%70osts/${published.id}`, `/api/posts/${published.id}`],
      [`/api/case-studies/${caseStudy.id}/`, `/api/case-studies/${caseStudy.id}`],
      ['/api/media/%66ile/x.png', '/api/media/file/x.png'],
      ['/api/%68ealth', '/api/health'],
      ['/api/%72eady', '/api/ready'],
      ['/api/%70review?path=/en', '/api/preview?path=/en'],
      ['/%65n/blog', '/en/blog'],
      ['/%6Clms.txt', '/llms.txt'],
    ] as const) {
      const response = await rawHttp('GET', variant)
      expect(response.status, variant).toBe(308)
      expect(response.headers.location, variant).toBe(normal)
    }
    for (const target of ['/api/%69nquiries', '/api/%6Dcp', '/api/m%63p']) {
      const response = await rawHttp('POST', target, { 'Content-Type': 'application/json' }, '{}')
      expect(response.status, target).toBe(308)
      expect(response.headers.location, target).toMatch(/^\/api\/(inquiries|mcp)$/)
    }
    const followed = await get('/api/media/%66ile/x.png')
    expect(followed.status).toBe(404)
    expect(((await followed.json()) as ErrorBody).error.code).toBe('not_found')
  })

  it('serves the same document at an encoded id as at the plain one, without private fields', async () => {
    const encoded = [...String(published.id)]
      .map((digit) => `%3${digit}`)
      .join('')
      .toLowerCase()
    const viaVariant = await get(`/api/posts/${encoded}?draft=true`)
    expect(viaVariant.status).toBe(200)
    const body = (await viaVariant.json()) as Record<string, unknown>
    expect(body).toEqual(await (await get(`/api/posts/${published.id}?draft=true`)).json())
    expect(body).not.toHaveProperty('_status')
    expect(body).not.toHaveProperty('internalNotes')
  })

  it.each([
    ['/api/posts%2F1', 'path'],
    ['/api/posts%2f1', 'path'],
    ['/api/%2Fposts', 'path'],
    ['/api/posts%5C1', 'path'],
    ['/api/%E0%A4%A', 'path'],
    ['/api/%ff', 'path'],
    ['/api/posts/%00', 'path'],
    ['/en/blog/%0A', 'path'],
  ])('%s names nothing: 400 naming the %s', async (target, field) => {
    expectParameterError(await rawHttp('GET', target), field, target)
  })

  it.each(['/api/%2570osts', '/api/posts;x', '/api/POSTS', '/api/posts%3Bx'])(
    '%s is no spelling of a project route: a JSON 404',
    async (target) => {
      expectError(await rawHttp('GET', target), 404, 'not_found', target)
    },
  )

  it('refuses absolute-form targets instead of routing a path nobody checked', async () => {
    const { port } = new URL((await import('../support/api')).baseUrl())
    const response = await rawHttp('GET', `http://127.0.0.1:${port}/api/%70osts?limit=1000`)
    expectParameterError(response, 'path', 'absolute-form')
  })
})

describe('methods no route supports', () => {
  const ANY_ROUTE = 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE'
  const READ = 'GET, HEAD, OPTIONS'

  it.each(['TRACE', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'PURGE'])(
    '%s is a JSON 405 with the Allow of the path on every kind of URL',
    async (method) => {
      for (const [target, allow] of [
        ['/api/posts', READ],
        ['/en', READ],
        ['/llms.txt', READ],
        ['/', READ],
        ['/admin', 'GET, HEAD, OPTIONS, POST'],
        ['/en/contact', 'GET, HEAD, OPTIONS, POST'],
        // Payload's paths: every method something here routes (Payload's endpoints decide).
        ['/api/users', ANY_ROUTE],
      ]) {
        const response = await rawHttp(method, target!)
        expectError(response, 405, 'method_not_allowed', `${method} ${target}`)
        expect(response.headers.allow).toBe(allow)
      }
    },
  )

  it.each(['TRACK', 'get', 'Post', 'FOO'])(
    '%s (a method the HTTP parser refuses) is a JSON 405 with Allow',
    async (method) => {
      for (const target of ['/api/posts', '/en']) {
        const response = await rawHttp(method, target)
        expectError(response, 405, 'method_not_allowed', `${method} ${target}`)
        expect(response.headers.allow).toBe(ANY_ROUTE)
      }
    },
  )

  it('CONNECT is a JSON 405 with Allow', async () => {
    const response = await rawHttp('CONNECT', '127.0.0.1:443')
    expectError(response, 405, 'method_not_allowed', 'CONNECT')
    expect(response.headers.allow).toBe(ANY_ROUTE)
  })

  // `Allow` names what the caller can use: methods for signed-in users only are not offered to
  // an anonymous caller (src/http/methods.ts).
  it.each([
    ['PUT', '/api/posts', READ],
    ['PATCH', '/api/posts', READ],
    ['DELETE', '/api/case-studies', READ],
    ['POST', '/api/posts/1', READ],
    ['PUT', '/api/case-studies/1', READ],
    ['PUT', '/api/categories', READ],
    ['POST', '/api/categories/1', READ],
    ['PUT', '/api/media', READ],
    ['POST', '/api/media/1', READ],
    ['DELETE', '/api/media/file/x.png', READ],
    ['PUT', '/api/inquiries', 'OPTIONS, POST'],
    ['POST', '/api/health', READ],
    ['DELETE', '/api/ready', READ],
    ['POST', '/api/preview', 'OPTIONS'],
    ['PATCH', '/api/preview/exit', READ],
    ['GET', '/api/graphql', 'OPTIONS'],
    // Payload's own paths: the methods its endpoints serve there, and OPTIONS.
    ['PUT', '/api/users', 'DELETE, GET, HEAD, OPTIONS, PATCH, POST'],
    ['GET', '/api/posts/1/duplicate', 'OPTIONS, POST'],
    ['PUT', '/api/posts/versions/1', 'GET, HEAD, OPTIONS, POST'],
    ['PATCH', '/api/globals/site-settings', 'GET, HEAD, OPTIONS, POST'],
  ])('%s %s is a JSON 405 with Allow: %s', async (method, target, allow) => {
    const response = await rawHttp(method, target)
    expectError(response, 405, 'method_not_allowed', `${method} ${target}`)
    expect(response.headers.allow).toBe(allow)
  })

  it('offers a signed-in caller the methods only signed-in users can use', async () => {
    const authorization = { Authorization: 'users API-Key not-checked-here' }
    for (const [method, target, allow] of [
      ['PUT', '/api/posts', 'GET, HEAD, OPTIONS, POST'],
      ['POST', '/api/posts/1', 'GET, HEAD, OPTIONS, PATCH, DELETE'],
      ['PUT', '/api/inquiries', 'GET, HEAD, OPTIONS, POST'],
      ['GET', '/api/graphql', 'OPTIONS, POST'],
    ]) {
      const response = await rawHttp(method!, target!, authorization)
      expectError(response, 405, 'method_not_allowed', `${method} ${target}`)
      expect(response.headers.allow).toBe(allow)
    }
  })

  it('HEAD runs GET on Payload’s own paths, without the body', async () => {
    const head = await rawHttp('HEAD', '/api/users/init')
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect((await rawHttp('GET', '/api/users/init')).status).toBe(200)
    expect((await rawHttp('HEAD', '/api/nothing')).status).toBe(404)
  })

  it('keeps the MCP transport’s JSON-RPC 405 for every other method, with a truthful Allow', async () => {
    for (const method of ['DELETE', 'PUT', 'PATCH']) {
      const response = await rawHttp(method, '/api/mcp')
      expect(response.status, method).toBe(405)
      expect(response.headers.allow).toBe('GET, HEAD, OPTIONS, POST')
      expect(JSON.parse(response.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } })
    }
  })
})

describe('anonymous requests that used to fail: each is the 4xx it is, as JSON', () => {
  it.each(['posts', 'case-studies', 'categories', 'media'])(
    'GET /api/%s/access is an id, and not a valid one',
    async (collection) => {
      const target = `/api/${collection}/access`
      expectParameterError(await rawHttp('GET', target), 'id', target)
    },
  )

  it.each([
    '/api/posts/count',
    '/api/posts/versions',
    '/api/case-studies/count',
    '/api/categories/count',
  ])('%s (Payload’s query language) is for signed-in editors: 401', async (target) => {
    expectError(
      await rawHttp('GET', `${target}?where[id][equals]=abc`),
      401,
      'unauthorized',
      target,
    )
  })

  it('an editor still gets Payload’s count', async () => {
    const response = await asAdmin('/api/posts/count')
    expect(response.status).toBe(200)
    expect(((await response.json()) as { totalDocs: number }).totalDocs).toBeGreaterThan(0)
  })

  it.each([
    ['/api/posts/init', 400, 'invalid_parameter'],
    ['/api/posts/me', 400, 'invalid_parameter'],
    ['/api/posts/versions/1', 403, 'forbidden'],
    ['/api/posts/1/preview', 404, 'not_found'],
    ['/api/categories/1/x', 404, 'not_found'],
    ['/api/users', 403, 'forbidden'],
    ['/api/users/abc', 403, 'forbidden'],
    ['/api/users?where[id][equals]=abc', 403, 'forbidden'],
    ['/api/payload-preferences', 403, 'forbidden'],
    ['/api/payload-locked-documents', 403, 'forbidden'],
    ['/api/payload-locked-documents/abc', 403, 'forbidden'],
    ['/api/payload-locked-documents?where[id][equals]=abc', 403, 'forbidden'],
    ['/api/payload-jobs', 403, 'forbidden'],
    ['/api/inquiries', 403, 'forbidden'],
    ['/api/inquiries/abc', 403, 'forbidden'],
    ['/api/inquiries/1', 403, 'forbidden'],
    ['/api/nothing', 404, 'not_found'],
    ['/api/globals/x', 404, 'not_found'],
    ['/api/og', 404, 'not_found'],
  ] as const)('GET %s is %i %s', async (target, status, code) => {
    expectError(await rawHttp('GET', target), status, code, target)
  })

  it.each([
    ['/api/categories/abc', 'id'],
    ['/api/categories/0', 'id'],
    ['/api/categories?page=x', 'page'],
    ['/api/categories?page=-1', 'page'],
    ['/api/categories?limit=x', 'limit'],
    ['/api/categories?limit=-1', 'limit'],
    ['/api/categories?where[id][equals]=abc', 'where[id][equals]'],
    ['/api/categories?where[createdAt][greater_than]=notadate', 'where[createdAt][greater_than]'],
    ['/api/categories?sort=nonexistent', 'sort'],
    ['/api/categories?select=title,internal', 'select'],
    ['/api/categories?locale=xx', 'locale'],
    ['/api/posts?where[id][equals]=abc', 'where[id][equals]'],
    ['/api/posts?where[createdAt][greater_than]=notadate', 'where[createdAt][greater_than]'],
    ['/api/media?page=-1', 'page'],
    ['/api/media?limit=abc', 'limit'],
    ['/api/media?depth=x', 'depth'],
    ['/api/media?where[id][in]=a,b', 'where[id][in]'],
    ['/api/media?where[createdAt][like]=x', 'where[createdAt][like]'],
    ['/api/media/count?where[id][in]=a', 'where[id][in]'],
    // NUL and other control characters, in any parameter of any URL.
    ['/api/categories?where[title][equals]=%00', 'where[title][equals]'],
    ['/api/posts?where[slug][equals]=a%00', 'where[slug][equals]'],
    ['/api/posts?locale=%00', 'locale'],
    ['/api/posts/1?select=%0A', 'select'],
    ['/api/media?where[filename][equals]=%00', 'where[filename][equals]'],
    ['/api/users/me?x=%00', 'x'],
    ['/api/inquiries?x=%1F', 'x'],
    ['/llms.txt?x=%00', 'x'],
    ['/en?x=%00', 'x'],
    ['/en/blog.md?x=%00', 'x'],
    ['/openapi.json?x=%7F', 'x'],
    ['/en/blog/%00', 'path'],
  ])('GET %s is a 400 naming %s', async (target, field) => {
    expectParameterError(await rawHttp('GET', target), field, target)
  })

  it('categories answer the public contract: bounded envelope, slug filter, public fields', async () => {
    const list = await get('/api/categories?limit=1000&locale=en&pagination=false')
    expect(list.status).toBe(200)
    expect(list.headers.get('access-control-allow-origin')).toBe('*')
    const body = (await list.json()) as { docs: Record<string, unknown>[]; limit: number }
    expect(body.limit).toBe(100)
    expect(body.docs.length).toBeGreaterThanOrEqual(4)
    for (const doc of body.docs) {
      expect(
        Object.keys(doc).every((key) =>
          ['id', 'title', 'slug', 'createdAt', 'updatedAt'].includes(key),
        ),
      ).toBe(true)
    }
    const slugs = body.docs.map((doc) => String(doc.slug))
    expect(slugs).toEqual([...slugs].sort())

    const one = body.docs.find((doc) => doc.id === category)!
    const filtered = await get(`/api/categories?where[slug][equals]=${String(one.slug)}`)
    const found = (await filtered.json()) as { docs: { id: number; title: unknown }[] }
    expect(found.docs.map((doc) => doc.id)).toEqual([category])
    expect(found.docs[0]!.title).toEqual({ en: 'Hardening', es: 'Endurecimiento' })

    const single = await get(`/api/categories/${category}?locale=es&select=title`)
    expect(await single.json()).toEqual({ id: category, title: 'Endurecimiento' })
    expectError(await rawHttp('GET', '/api/categories/2147483000'), 404, 'not_found', 'missing')
  })

  it('editors still create and change categories through Payload', async () => {
    const created = await asAdmin('/api/categories', {
      method: 'POST',
      body: JSON.stringify({ title: 'Editor made', slug: `editor-made-${Date.now()}` }),
    })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: number } }
    const changed = await asAdmin(`/api/categories/${doc.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ title: 'Editor changed' }),
    })
    expect(changed.status).toBe(200)
  })

  it('Payload’s own errors carry the project’s error object beside Payload’s list', async () => {
    const response = await rawHttp('GET', '/api/users')
    const body = JSON.parse(response.body) as ErrorBody & { errors: { message: string }[] }
    expect(body.error.code).toBe('forbidden')
    expect(body.errors[0]?.message).toBe(body.error.message)
  })

  it('logged no error while answering all of the above', async () => {
    // Let the last lines reach the log file.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const log = readFileSync(
      path.join('.data/test-logs', `app-${process.env.TEST_RUN_ID ?? 'main'}.log`),
      'utf8',
    )
    type Entry = { level?: string; time?: string; msg?: string; err?: { status?: number } }
    const errors = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Entry)
      .filter((entry) => entry.time !== undefined && entry.time >= startedAt)
      .filter((entry) => entry.level === 'error' || entry.level === 'fatal')
      // Payload logs its own 4xx refusals at error level too (in a production build their class
      // names are minified, so its per-class logging levels never match): those are no failures.
      .filter((entry) => !(entry.err?.status && entry.err.status < 500))
    expect(errors).toEqual([])
    // And no request was answered with a 5xx.
    const failed = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Entry & { status?: number; path?: string })
      .filter((entry) => entry.time !== undefined && entry.time >= startedAt)
      .filter((entry) => entry.msg === 'request' && (entry.status ?? 0) >= 500)
    expect(failed).toEqual([])
  })
})
