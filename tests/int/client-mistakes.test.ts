import { readFileSync, statSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { createAccount, type Account } from '../support/accounts'
import { asAdmin, baseUrl, get } from '../support/api'
import { createDocument, createImage, uniqueSlug } from '../support/factories'
import { inquiriesStoredFrom, postFormBody, validInquiry } from '../support/inquiries'
import { rawHttp, type RawResponse } from '../support/raw-http'

/**
 * Never a 5xx for a client's mistake, one class per `describe`: what a caller can get wrong is
 * answered with the 4xx it is, in the project's JSON error shape under /api/, and nothing is
 * logged as an error.
 */

type ErrorBody = { error: { code: string; message: string; details?: { field: string }[] } }

const LOG_FILE = path.join('.data/test-logs', `app-${process.env.TEST_RUN_ID ?? 'main'}.log`)

/** What the app logged as an error since `from` (a byte offset of its log). */
async function errorsLoggedSince(from: number): Promise<string[]> {
  // Let the last lines reach the log file.
  await new Promise((resolve) => setTimeout(resolve, 300))
  return readFileSync(LOG_FILE, 'utf8')
    .slice(from)
    .split('\n')
    .filter((line) => {
      if (line.startsWith('{'))
        return ((JSON.parse(line) as { level?: unknown }).level ?? 0) === 'error'
      // Next.js's own error lines (`⨯ Error: …`) and stack traces.
      return /⨯|\bError\b/.test(line)
    })
}

const logSize = () => statSync(LOG_FILE).size

function expectJsonError(status: number, text: string, headers: Headers | Record<string, string>) {
  const contentType =
    headers instanceof Headers ? headers.get('content-type') : headers['content-type']
  expect(contentType, text).toMatch(/^application\/json/)
  const body = JSON.parse(text) as ErrorBody
  expect(typeof body.error.code, text).toBe('string')
  expect(typeof body.error.message, text).toBe('string')
  return body.error
}

describe('the contact form', () => {
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, '&')

  /** The form as the page serves it: where it posts, and the field that names its action. */
  async function contactForm(locale = 'en') {
    const html = await (await get(`/${locale}/contact`)).text()
    const form = html.match(/<form[^>]*id="contact-form"[^>]*>[\s\S]*?<\/form>/)?.[0] ?? ''
    const actionField = [...form.matchAll(/<input[^>]*name="(\$ACTION[^"]*)"/g)].map((match) =>
      decode(match[1]!),
    )
    const action = decode(form.match(/<form[^>]*action="([^"]*)"/)?.[1] || `/${locale}/contact`)
    return { url: new URL(action, baseUrl()).toString(), actionField, form }
  }

  const fields = (overrides: Record<string, string> = {}) => ({
    locale: 'en',
    website: '',
    name: 'Form Sender',
    email: String(validInquiry().email),
    phone: '',
    service: '',
    message: 'Sent with the form.',
    ...overrides,
  })

  /** The form posted as a browser without JavaScript sends it (multipart), or URL-encoded. */
  async function postForm(
    values: Record<string, string>,
    {
      encoding = 'multipart',
      headers = {},
    }: { encoding?: string; headers?: Record<string, string> } = {},
  ) {
    const { url, actionField } = await contactForm()
    const entries: [string, string][] = [
      ...actionField.map((name): [string, string] => [name, '']),
      ...Object.entries(values),
    ]
    let body: FormData | string
    if (encoding === 'multipart') {
      const form = new FormData()
      for (const [name, value] of entries) form.append(name, value)
      body = form
    } else {
      body = new URLSearchParams(entries).toString()
      headers = { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }
    }
    return postFormBody(url, body, headers)
  }

  let logStart: number
  beforeAll(() => {
    logStart = logSize()
  })

  it('names its action with one field and binds it nothing', async () => {
    const { actionField, form } = await contactForm()
    expect(actionField).toHaveLength(1)
    expect(actionField[0]).toMatch(/^\$ACTION_ID_[0-9a-f]{42}$/)
    expect(form).toContain('encType="multipart/form-data"')
  })

  it.each(['multipart', 'urlencoded'])(
    'sent without JavaScript (%s), it is answered with the page, and the inquiry is sent',
    async (encoding) => {
      const values = fields()
      const answer = await postForm(values, { encoding })
      expect(answer.status).toBe(200)
      expect(answer.text).toContain('Thank you! Your inquiry has reached our team')
      expect(await inquiriesStoredFrom(values.email!)).toHaveLength(1)
    },
  )

  it.each(['multipart', 'urlencoded'])(
    'a field over its maximum (%s) is the page again at 400, naming the field, nothing sent',
    async (encoding) => {
      const values = fields({ message: 'x'.repeat(5001) })
      const answer = await postForm(values, { encoding })
      expect(answer.status).toBe(400)
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
      expect(answer.headers.get('cache-control')).toContain('no-store')
      expect(answer.text).toContain('Please correct the highlighted fields.')
      expect(answer.text).toContain('<a href="#message">Your project or question</a>')
      expect(answer.text).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*>/)
      expect(answer.text).toContain('id="message-error"')
      expect(answer.text).toContain('At most 5000 characters.')
      // The form comes back filled in, and keeps no bound state.
      expect(answer.text).toContain('Form Sender')
      expect(answer.text).not.toContain('$ACTION_REF_')
      expect(await inquiriesStoredFrom(values.email!)).toHaveLength(0)
    },
  )

  it('a name over its maximum is a 400 naming the name', async () => {
    const answer = await postForm(fields({ name: 'N'.repeat(121) }))
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('<a href="#name">Name</a>')
    expect(answer.text).toContain('id="name-error"')
  })

  it.each(['garbage', '[', '["$@1"]', '{"a":1}', '[{"status":"idle"},"$K1"]'])(
    'an action call by fetch (Next-Action) with %j is a JSON 400, not a 500',
    async (body) => {
      const { url } = await contactForm()
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Next-Action': `40${'ab'.repeat(20)}`,
          'Content-Type': 'text/plain;charset=UTF-8',
          Accept: 'text/x-component',
        },
        body,
      })
      expect(response.status).toBe(400)
      const error = expectJsonError(400, await response.text(), response.headers)
      expect(error.code).toBe('invalid_body')
    },
  )

  it.each([
    [
      'a cut-off part',
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    ],
    ['no boundary', 'multipart/form-data', 'name=x'],
    ['no parts', 'multipart/form-data; boundary=xyz', 'garbage'],
  ])('malformed multipart (%s) is a JSON 400', async (_, contentType, body) => {
    const response = await get('/en/contact', {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body,
    })
    expect(response.status).toBe(400)
    expect(expectJsonError(400, await response.text(), response.headers).code).toBe('invalid_body')
  })

  it('a form binding its action arguments (which Next.js would decode) is a JSON 400', async () => {
    const { actionField } = await contactForm()
    const id = actionField[0]!.replace('$ACTION_ID_', '')
    for (const bound of ['garbage', '$@1', '[{"status":"idle"}]']) {
      const form = new FormData()
      form.append('$ACTION_REF_1', '')
      form.append('$ACTION_1:0', JSON.stringify({ id, bound }))
      form.append('$ACTION_1:1', 'garbage')
      form.append('$ACTION_KEY', 'k')
      form.append('name', 'x')
      const response = await get('/en/contact', { method: 'POST', body: form })
      expect(response.status, bound).toBe(400)
      expect(expectJsonError(400, await response.text(), response.headers).code).toBe(
        'invalid_body',
      )
    }
  })

  it('a post that names no action, or another encoding, is refused, not rendered as a read', async () => {
    const plain = new URLSearchParams(fields()).toString()
    const noAction = await get('/en/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: plain,
    })
    expect(noAction.status).toBe(400)
    // An id no action of this build has: refused here, not by Next.js with an error logged.
    const unknown = new FormData()
    unknown.append(`$ACTION_ID_40${'ab'.repeat(20)}`, '')
    unknown.append('name', 'x')
    const unknownAction = await get('/en/contact', { method: 'POST', body: unknown })
    expect(unknownAction.status).toBe(400)
    expect(expectJsonError(400, await unknownAction.text(), unknownAction.headers).code).toBe(
      'invalid_body',
    )
    for (const type of ['text/plain', 'application/json']) {
      const response = await get('/en/contact', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body: '{}',
      })
      expect(response.status, type).toBe(415)
      expect(expectJsonError(415, await response.text(), response.headers).code).toBe(
        'unsupported_media_type',
      )
    }
  })

  it('a 1.5 MB message is a 413, declared or sent in chunks, and nothing is sent', async () => {
    const values = fields({ message: 'x'.repeat(1_500_000) })
    const declared = await postForm(values)
    expect(declared.status).toBe(413)
    expect(expectJsonError(413, declared.text, declared.headers).code).toBe('payload_too_large')

    // The same body with no Content-Length: counted as it arrives.
    const { actionField } = await contactForm()
    const form = new FormData()
    form.append(actionField[0]!, '')
    for (const [name, value] of Object.entries(values)) form.append(name, value)
    const encoded = new Response(form)
    const bytes = Buffer.from(await encoded.arrayBuffer())
    const chunked = await new Promise<{ status: number; text: string; type?: string }>(
      (resolve, reject) => {
        const url = new URL('/en/contact', baseUrl())
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname,
            method: 'POST',
            headers: {
              'Content-Type': encoded.headers.get('content-type')!,
              'Transfer-Encoding': 'chunked',
            },
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                text: Buffer.concat(chunks).toString(),
                type: res.headers['content-type'],
              }),
            )
          },
        )
        // The server may answer and close before the whole body is out.
        req.on('error', reject)
        for (let at = 0; at < bytes.length; at += 64 * 1024)
          req.write(bytes.subarray(at, at + 64 * 1024))
        req.end()
      },
    )
    expect(chunked.status).toBe(413)
    expect(chunked.type).toMatch(/^application\/json/)
    expect(await inquiriesStoredFrom(values.email!)).toHaveLength(0)
  })

  it('logged no error while refusing all of the above', async () => {
    expect(await errorsLoggedSince(logStart)).toEqual([])
  })
})

describe('POST read as GET (X-HTTP-Method-Override) with a body that is not JSON', () => {
  const PATHS = [
    '/api/users',
    '/api/redirects',
    '/api/globals/site-settings',
    '/api/payload-preferences',
    '/api/exports',
    '/api/nope',
  ]

  let logStart: number
  beforeAll(() => {
    logStart = logSize()
  })

  it.each(PATHS)('%s answers a JSON 400, whatever the header spelling', async (target) => {
    for (const body of ['', '{', '[', '{"where":', 'nul']) {
      for (const header of ['X-HTTP-Method-Override', 'X-Payload-HTTP-Method-Override']) {
        const response = await get(target, {
          method: 'POST',
          headers: { [header]: 'GET', 'Content-Type': 'application/json' },
          body,
        })
        const text = await response.text()
        expect(response.status, `${target} ${header} ${JSON.stringify(body)}`).toBe(400)
        expect(expectJsonError(400, text, response.headers).code).toBe('invalid_body')
      }
    }
  })

  it.each(PATHS)(
    '%s still reads a JSON body as the query: a 4xx of its own, never 5xx',
    async (target) => {
      for (const body of ['{}', 'null', '[1]', '{"where":{"id":{"equals":"x"}}}']) {
        const response = await get(target, {
          method: 'POST',
          headers: { 'X-HTTP-Method-Override': 'GET', 'Content-Type': 'application/json' },
          body,
        })
        expect(response.status, `${target} ${body}`).toBeLessThan(500)
        if (response.status >= 400)
          expectJsonError(response.status, await response.text(), response.headers)
      }
    },
  )

  it.each(['/api/posts', '/api/media', '/api/categories'])(
    'signed in, %s (handed to Payload unchanged) answers a JSON 400 too',
    async (target) => {
      for (const body of ['', '{', 'nul']) {
        const response = await asAdmin(target, {
          method: 'POST',
          headers: { 'X-HTTP-Method-Override': 'GET', 'Content-Type': 'application/json' },
          body,
        })
        const text = await response.text()
        expect(response.status, `${target} ${JSON.stringify(body)}`).toBe(400)
        expect(expectJsonError(400, text, response.headers).code).toBe('invalid_body')
      }
    },
  )

  it('an editor reading through the override still gets the documents', async () => {
    const response = await asAdmin('/api/users', {
      method: 'POST',
      headers: { 'X-HTTP-Method-Override': 'GET' },
      body: JSON.stringify({ limit: 1 }),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { docs: unknown[] }).docs.length).toBeGreaterThan(0)
  })

  it('logged no error', async () => {
    expect(await errorsLoggedSince(logStart)).toEqual([])
  })
})

describe('the asterisk request target', () => {
  const ALL = 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE'

  it('OPTIONS * is a 204 naming every method the server routes', async () => {
    const response = await rawHttp('OPTIONS', '*')
    expect(response.status).toBe(204)
    expect(response.headers.allow).toBe(ALL)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toBe('')
  })

  it.each(['GET', 'POST', 'DELETE', 'PUT'])('%s * is a JSON 400', async (method) => {
    const response = await rawHttp(method, '*')
    expect(response.status).toBe(400)
    expect(expectJsonError(400, response.body, response.headers).code).toBe('invalid_parameter')
  })

  it('HEAD * is a 400 without a body', async () => {
    const response = await rawHttp('HEAD', '*')
    expect(response.status).toBe(400)
    expect(response.body).toBe('')
  })
})

describe('signed-in callers’ mistakes', () => {
  let author: Account
  let published: number
  let draft: number

  beforeAll(async () => {
    author = await createAccount('author')
    ;({ id: published } = await createDocument('posts', { status: 'published' }))
    ;({ id: draft } = await createDocument('posts', { status: 'draft' }))
  })

  it.each([[['published']], [{ a: 1 }], [1]])(
    'PATCH with a _status of %j is a 400 naming _status, for an author and an editor',
    async (status) => {
      const start = logSize()
      const patch = (id: number, authorization: string, query = '') =>
        fetch(`${baseUrl()}/api/posts/${id}${query}`, {
          method: 'PATCH',
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({ _status: status }),
        })
      for (const [who, id] of [
        ['admin', published],
        ['admin', draft],
        ['author', draft],
      ] as const) {
        const authorization = who === 'admin' ? inject('adminAuthorization') : author.authorization
        const response = await patch(id, authorization)
        const text = await response.text()
        expect(response.status, `${who} ${id}: ${text.slice(0, 200)}`).toBe(400)
        expect(text).toContain('_status')
        // A draft save is a draft whatever `_status` says: Payload sets it.
        expect((await patch(id, authorization, '?draft=true')).status, `${who} ${id}`).toBe(200)
      }
      // An author may not change the published post in place at all.
      expect((await patch(published, author.authorization)).status).toBe(403)
      expect(await errorsLoggedSince(start)).toEqual([])
    },
  )

  /** The admin's `serverFunction` action, as an admin page names it. */
  async function serverFunctionId(): Promise<string> {
    const html = await (await get('/admin/login')).text()
    const id = html.match(/\\"id\\":\\"([0-9a-f]{42})\\",\\"bound\\":null/)?.[1]
    expect(id).toBeDefined()
    return id!
  }

  const callServerFunction = async (id: string, name: string, args: Record<string, unknown>) =>
    fetch(`${baseUrl()}/admin`, {
      method: 'POST',
      headers: {
        Authorization: author.authorization,
        'Next-Action': id,
        'Content-Type': 'text/plain;charset=UTF-8',
        Accept: 'text/x-component',
      },
      body: JSON.stringify([{ name, args }]),
    })

  it.each([
    ['render-list', { collectionSlug: 'inquiries' }, 404],
    [
      'copy-data-from-locale',
      { collectionSlug: 'posts', docID: 'PUBLISHED', fromLocale: 'en', toLocale: 'es' },
      403,
    ],
    ['get-upcoming-scheduled-publish', { collectionSlug: 'posts', docID: 'PUBLISHED' }, 403],
    ['no-such-function', {}, 404],
  ] as const)(
    "an author's call of %s that Payload refuses is a %i, not a 500, and logs no error",
    async (name, args, status) => {
      const start = logSize()
      const resolved = Object.fromEntries(
        Object.entries(args).map(([key, value]) => [
          key,
          value === 'PUBLISHED' ? published : value,
        ]),
      )
      const response = await callServerFunction(await serverFunctionId(), name, resolved)
      expect(response.status).toBe(status)
      expect(await errorsLoggedSince(start)).toEqual([])
    },
  )

  it('a POST to the admin that is not one of its actions is a JSON 400, whatever its body', async () => {
    for (const [type, body] of [
      ['multipart/form-data; boundary=x', 'garbage'],
      ['multipart/form-data', 'name=x&$ACTION_REF_1=&$ACTION_1:0=%7B'],
      ['application/x-www-form-urlencoded', 'a=1'],
      ['text/plain', ''],
    ]) {
      for (const headers of [{}, { Authorization: author.authorization }] as Record<
        string,
        string
      >[]) {
        const response = await get('/admin/login', {
          method: 'POST',
          headers: { 'Content-Type': type!, ...headers },
          body,
        })
        expect(response.status, `${type} ${body}`).toBe(400)
        expect(expectJsonError(400, await response.text(), response.headers).code).toBe(
          'invalid_body',
        )
      }
    }
  })

  it('an author still calls the server functions it may use', async () => {
    const response = await callServerFunction(await serverFunctionId(), 'render-list', {
      collectionSlug: 'posts',
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/x-component')
  })
})

describe('every /api/ error carries the JSON error shape', () => {
  let url: string

  beforeAll(async () => {
    const image = await createImage('Mistakes')
    await createDocument('posts', { status: 'published', coverImage: image.id })
    url = `/api/media/file/${image.filename}`
  })

  it('a failed precondition on a media file is a 412 with the error body', async () => {
    const response = await get(url, { headers: { 'If-Match': '"nope"' } })
    expect(response.status).toBe(412)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const error = expectJsonError(412, await response.text(), response.headers)
    expect(error.code).toBe('precondition_failed')
  })

  it('a range outside a media file is a 416 with Content-Range and the error body', async () => {
    const response = await get(url, { headers: { Range: 'bytes=99999999-' } })
    expect(response.status).toBe(416)
    expect(response.headers.get('content-range')).toMatch(/^bytes \*\/\d+$/)
    const error = expectJsonError(416, await response.text(), response.headers)
    expect(error.code).toBe('range_not_satisfiable')
  })

  it("Payload's globals answer a method they lack, or a path they lack, in the shape too", async () => {
    for (const [method, target, status] of [
      ['PUT', '/api/globals/site-settings', 405],
      ['DELETE', '/api/globals/home', 405],
      ['PATCH', '/api/globals/site-settings/nope', 404],
    ] as const) {
      const response = await rawHttp(method, target)
      expect(response.status, `${method} ${target}`).toBe(status)
      expectJsonError(status, response.body, response.headers)
    }
  })
})

describe('methods: one table feeds routing and Allow', () => {
  const READ = 'GET, HEAD, OPTIONS'
  const allowOf = (response: RawResponse) => response.headers.allow

  it.each(['PUT', 'PATCH', 'DELETE', 'POST'])(
    '%s on a page is a 405 with Allow, never stored, never the page',
    async (method) => {
      for (const target of ['/en', '/es/blog', '/en/case-studies', '/docs/api', '/en/privacy']) {
        const response = await rawHttp(method, target)
        expect(response.status, `${method} ${target}`).toBe(405)
        expect(allowOf(response)).toBe(READ)
        expect(response.headers['cache-control']).toBe('no-store')
        expectJsonError(405, response.body, response.headers)
      }
    },
  )

  it('OPTIONS is a 204 with Allow (OPTIONS included), never stored', async () => {
    for (const [target, allow] of [
      ['/en', READ],
      ['/en/contact', 'GET, HEAD, OPTIONS, POST'],
      ['/en/blog.md', READ],
      ['/llms.txt', READ],
      ['/api/posts', READ],
      ['/api/mcp', 'GET, HEAD, OPTIONS, POST'],
      ['/api/inquiries', 'OPTIONS, POST'],
      ['/api/users', 'DELETE, GET, HEAD, OPTIONS, PATCH, POST'],
    ]) {
      const response = await rawHttp('OPTIONS', target!)
      expect(response.status, target).toBe(204)
      expect(allowOf(response), target).toBe(allow)
      expect(response.headers['cache-control'], target).toBe('no-store')
    }
  })

  it('OPTIONS where nothing is is the JSON 404 every other method gets there', async () => {
    for (const target of ['/api', '/api/nope', '/api/globals/nope', '/api/users/nope/deeper']) {
      const response = await rawHttp('OPTIONS', target)
      expect(response.status, target).toBe(404)
      expect(expectJsonError(404, response.body, response.headers).code).toBe('not_found')
    }
  })

  /**
   * For each path: what OPTIONS lists answers with something other than 405, and every other
   * method is a 405 naming the same list. Only methods that change nothing are sent as the
   * editor (the document ids name nothing).
   */
  const TARGETS = [
    '/en',
    '/en/contact',
    '/en/blog.md',
    '/sitemap.xml',
    '/llms.txt',
    '/api/posts',
    '/api/posts/2147483000',
    '/api/categories/2147483000',
    '/api/media/file/nope.png',
    '/api/search?q=x',
    '/api/health',
    '/api/mcp',
    '/api/inquiries',
    '/api/preview',
    '/api/graphql',
    '/admin',
  ]
  const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']

  it.each([
    ['anonymous', false],
    ['signed in', true],
  ] as const)('every Allow lists exactly the methods that answer (%s)', async (_, signedIn) => {
    const editor = { Authorization: inject('adminAuthorization') }
    const headers: Record<string, string> = signedIn ? editor : {}
    for (const target of TARGETS) {
      const options = await rawHttp('OPTIONS', target, headers)
      expect(options.status, target).toBe(204)
      const allow = allowOf(options)!.split(', ')
      // What a signed-in caller could use: an anonymous caller's request for it reaches its
      // route, which refuses it (401, 403, or a 400 for what it checks first), not as a method
      // the path lacks.
      const forEditors = allowOf(await rawHttp('OPTIONS', target, editor))!.split(', ')
      for (const method of METHODS) {
        const response = await rawHttp(method, target, headers)
        const where = `${method} ${target}: ${response.status} ${response.body.slice(0, 120)}`
        if (allow.includes(method)) {
          expect(response.status, where).not.toBe(405)
          expect([401, 403], where).not.toContain(response.status)
        } else if (forEditors.includes(method)) {
          expect(response.status, where).toBeGreaterThanOrEqual(400)
          expect(response.status, where).not.toBe(405)
          expect(response.status, where).toBeLessThan(500)
        } else {
          expect(response.status, where).toBe(405)
          expect(allowOf(response), where).toBe(allowOf(options))
        }
      }
    }
  })

  it('an anonymous caller is not told GET is supported where GET refuses them', async () => {
    const put = await rawHttp('PUT', '/api/inquiries')
    expect(allowOf(put)).toBe('OPTIONS, POST')
    const read = await rawHttp('GET', '/api/inquiries')
    expect([401, 403]).toContain(read.status)
  })

  it('a site page POSTed to without a form is never answered from or into the cache', async () => {
    const slug = uniqueSlug('method-cache')
    await createDocument('posts', { status: 'published', slug })
    const page = `/en/blog/${slug}`
    const first = await get(page)
    expect(first.status).toBe(200)
    const post = await get(page, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('cache-control')).toBe('no-store')
    expect((await get(page)).status).toBe(200)
  })
})
