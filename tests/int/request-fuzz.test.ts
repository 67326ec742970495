import { readFileSync, statSync } from 'node:fs'
import { request } from 'node:http'

import fc from 'fast-check'
import { beforeAll, describe, expect, inject, it } from 'vitest'

import { comparableBody } from '../support/comparable-body'
import { createDocument, uniqueSlug } from '../support/factories'
import { fuzzSeed } from '../support/fuzz-seed'
import { nextRequestHeaders } from '../support/next-headers'
import { cacheableUrls as publishedUrls } from '../support/published-surfaces'

/**
 * Generated requests of every kind an anonymous client can send, against the production build:
 * every method, every public and Payload route, the asterisk target (`OPTIONS *`), encoded and
 * broken paths, NUL and control characters, huge numbers, arrays for scalars, filters with a
 * bracket before their name (`?[where][x][equals]=1`), junk bodies and headers (every internal
 * header of Next.js among them), POSTs read as GETs (`X-HTTP-Method-Override`) with bodies that
 * are not JSON, server-action calls and form posts with bodies Next.js would not send, malformed
 * multipart. Whatever comes in: no 5xx, a JSON error with a code and a message under `/api/`,
 * `Allow` on a 405, no error logged, and afterwards every cacheable URL still answers exactly
 * what it answered before. The seed is fixed (and printed) so a failure replays; FUZZ_SEED
 * chooses another (tests/support/fuzz-seed.ts).
 */
const SEED = fuzzSeed(20_261_123)
const RUNS = Number(process.env.FUZZ_RUNS ?? 600)

const slug = uniqueSlug('fuzz-target')
let postId: number

beforeAll(async () => {
  ;({ id: postId } = await createDocument('posts', { status: 'published', slug }))
})

const cacheableUrls = () => publishedUrls({ slug, id: postId })

const routes = () => [
  ...cacheableUrls(),
  // The asterisk target (`OPTIONS *`): node:http sends it as written.
  '*',
  '/en/contact',
  '/es/contact',
  '/',
  '/en/blog?page=2',
  '/en/nope',
  '/fr',
  '/en/blog/no-such-post',
  '/favicon.ico',
  '/_next/static/nope.js',
  '/admin',
  '/admin/login',
  '/admin/create-first-user',
  '/admin/collections/posts',
  '/api',
  '/api/posts/count',
  '/api/posts/access',
  '/api/posts/versions',
  `/api/posts/${postId}/preview`,
  '/api/posts/init',
  '/api/case-studies/1',
  '/api/categories',
  '/api/categories/1',
  '/api/media',
  '/api/media/1',
  '/api/media/file/nope.png',
  '/api/users',
  '/api/users/me',
  '/api/users/login',
  '/api/users/logout',
  '/api/users/forgot-password',
  '/api/users/reset-password',
  '/api/users/first-register',
  '/api/users/unlock',
  '/api/users/refresh-token',
  '/api/users/init',
  '/api/users/access',
  '/api/inquiries',
  '/api/inquiries/1',
  '/api/payload-preferences',
  '/api/payload-locked-documents',
  '/api/payload-migrations',
  '/api/payload-jobs',
  '/api/globals/site',
  '/api/graphql',
  '/api/graphql-playground',
  '/api/mcp',
  '/api/preview?path=/en',
  '/api/preview/exit?path=/en',
  '/api/health',
  '/api/ready',
  '/api/nope',
]

const METHODS = [
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'TRACK',
  'PROPFIND',
  'SEARCH',
  'PURGE',
]

const NASTY = [
  '%00',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '%',
  '%zz',
  '%2e%2e',
  '../',
  '%2F',
  '\\',
  "'",
  '"',
  '<script>',
  '{}',
  '[]',
  '-1',
  '0',
  '1e308',
  '99999999999999999999999999',
  '1.5',
  'NaN',
  'null',
  'true',
  ' ',
  'é',
  '💥',
  'x'.repeat(300),
]
const nasty = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 16 }),
  fc.integer().map(String),
)

const QUERY_KEYS = [
  'locale',
  'limit',
  'page',
  'sort',
  'depth',
  'select',
  'draft',
  'pagination',
  'where[slug][equals]',
  'where[id][equals]',
  'where[id][in]',
  'where[createdAt][greater_than]',
  'where[publishedAt][less_than_equal]',
  'where[title][like]',
  'where[or][0][slug][equals]',
  'where',
  'limit[]',
  'page[0]',
  'select[]',
  'path',
  'q',
  'fallback-locale',
  'populate[media]',
  'joins',
  'trash',
  '_rsc',
  // A bracket before the name: qs reads `[where]` as `where`.
  '[where][slug][equals]',
  '[where][x][equals]',
  '[where][or][0][id][equals]',
  '[limit]',
  '[depth]',
  '[select][title]',
  '[]',
  '[[where]]',
  'where[[slug]][equals]',
]
const queryPair = fc
  .tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), nasty)
  .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
const query = fc.array(queryPair, { maxLength: 5 }).map((pairs) => pairs.join('&'))

/** Spellings of a path that normalise to it, or that no server should take for it. */
function mutatePath(path: string, mutation: number, position: number): string {
  const [pathname = '/', search] = path.split('?')
  const letters = [...pathname]
    .map((char, index) => ({ char, index }))
    .filter(({ char }) => /[a-z]/.test(char))
  const pick = letters.length ? letters[position % letters.length]!.index : 0
  let changed = pathname
  switch (mutation) {
    case 1: // an unreserved letter percent-encoded
      changed = `${pathname.slice(0, pick)}%${pathname.charCodeAt(pick).toString(16)}${pathname.slice(pick + 1)}`
      break
    case 2:
      changed = `${pathname}/`
      break
    case 3:
      changed = pathname.replace('/', '//')
      break
    case 4:
      changed = `${pathname}%00`
      break
    case 5:
      changed = `${pathname}/%2e%2e/`
      break
    case 6:
      changed = `${pathname};x=1`
      break
    case 7:
      changed = pathname.toUpperCase()
      break
    case 8:
      changed = `${pathname}%E0%A4%A`
      break
    case 9:
      changed = `${pathname}/%2F`
      break
    default:
      break
  }
  return search === undefined ? changed : `${changed}?${search}`
}

/** An id shaped like a server action's (42 hexadecimal characters) that names none. */
const SOME_ACTION_ID = `40${'ab'.repeat(20)}`

const internalHeaders = nextRequestHeaders()
const header = fc.oneof(
  fc.tuple(
    fc.constantFrom(...internalHeaders),
    fc.constantFrom('1', '0', '', '%00', '{}', '[[""]]'),
  ),
  fc.tuple(
    fc.constantFrom(
      'cookie',
      'authorization',
      'content-type',
      'accept',
      'accept-language',
      'accept-encoding',
      'origin',
      'sec-fetch-site',
      'range',
      'if-none-match',
      'x-http-method-override',
      'x-payload-http-method-override',
      'next-action',
      'x-forwarded-for',
      'x-forwarded-host',
      'x-request-id',
    ),
    fc.constantFrom(
      'payload-token=forged',
      'users API-Key nope',
      'JWT x.y.z',
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=x',
      'text/markdown',
      'https://evil.example',
      'null',
      'cross-site',
      'bytes=5-1',
      '*',
      'GET',
      '1.2.3.4',
      'evil.example',
      'fr;q=1',
      'br',
      SOME_ACTION_ID,
    ),
  ),
)

const JSON_BODIES = [
  '{}',
  '[]',
  'null',
  '"x"',
  '{"email":"a\\u0000@x.com","password":"p"}',
  '{"email":["a@example.com"],"password":{"$ne":1}}',
  '{"name":1,"email":2,"message":3}',
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope","arguments":[]}}',
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"send_inquiry","arguments":"x"}}',
  '{"query":"{ __schema { types { name } } }"}',
  '{"title":"x","_status":"published"}',
]
const body = fc.oneof(fc.constantFrom(...JSON_BODIES), fc.string({ maxLength: 64 }))

/** What a POST read as a GET carries instead of its JSON query: nothing, or JSON cut short. */
const NOT_JSON = ['', '{', '[', '{"where":', '{"where":{"id":', 'nul', '"', 'garbage', '{}x']

/** Bodies of a server action called by fetch that Next.js's client never sends. */
const ACTION_CALL_BODIES = ['garbage', '[', '["$@1"]', '{"a":1}', '[{"status":"idle"},"$K1"]', '[]']

/** Multipart bodies (boundary `x`) that do not parse, and forms Next.js would decode. */
const MULTIPART_BODIES = [
  'garbage',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
  '--x\r\nContent-Disposition: form-data\r\n\r\nb\r\n--x--\r\n',
  '--x\r\n\r\n--x--',
  '--x--\r\n',
  `--x\r\nContent-Disposition: form-data; name="$ACTION_ID_${SOME_ACTION_ID}"\r\n\r\n\r\n--x--\r\n`,
  '--x\r\nContent-Disposition: form-data; name="$ACTION_REF_1"\r\n\r\n\r\n' +
    `--x\r\nContent-Disposition: form-data; name="$ACTION_1:0"\r\n\r\n{"id":"${SOME_ACTION_ID}","bound":"$@1"}\r\n` +
    '--x\r\nContent-Disposition: form-data; name="$ACTION_1:1"\r\n\r\ngarbage\r\n--x--\r\n',
]

/** Bodies Next.js's own clients never send, to the places that would read them. */
const malformedBodyRequest = (): fc.Arbitrary<FuzzRequest> =>
  fc.oneof(
    // A POST read as a GET, on any route, its body not JSON.
    fc
      .record({
        route: fc.constantFrom(...routes().filter((route) => route.startsWith('/api'))),
        header: fc.constantFrom('x-http-method-override', 'x-payload-http-method-override'),
        body: fc.constantFrom(...NOT_JSON),
      })
      .map(({ route, header, body: text }) => ({
        method: 'POST',
        path: route,
        headers: { [header]: 'GET', 'content-type': 'application/json' },
        body: text,
      })),
    // A server action called by fetch, on a page with a form or the admin.
    fc
      .record({
        route: fc.constantFrom('/en/contact', '/es/contact', '/en', '/admin', '/admin/login'),
        id: fc.constantFrom(SOME_ACTION_ID, '7f' + 'a1b2c3d4e5'.repeat(4)),
        type: fc.constantFrom('text/plain;charset=UTF-8', 'multipart/form-data; boundary=x'),
        body: fc.constantFrom(...ACTION_CALL_BODIES, ...MULTIPART_BODIES),
      })
      .map(({ route, id, type, body: text }) => ({
        method: 'POST',
        path: route,
        headers: { 'next-action': id, 'content-type': type, accept: 'text/x-component' },
        body: text,
      })),
    // A form posted without JavaScript: multipart that does not parse, or fields to decode.
    fc
      .record({
        route: fc.constantFrom('/en/contact', '/es/contact', '/en/blog', '/admin'),
        type: fc.constantFrom(
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'application/x-www-form-urlencoded',
        ),
        body: fc.constantFrom(...MULTIPART_BODIES, 'name=x&$ACTION_REF_1=&$ACTION_1:0=%7B'),
      })
      .map(({ route, type, body: text }) => ({
        method: 'POST',
        path: route,
        headers: { 'content-type': type },
        body: text,
      })),
  )

interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

/** Built once the probe post exists, so its URLs are among the routes. */
const fuzzRequest = (): fc.Arbitrary<FuzzRequest> =>
  fc.oneof({ weight: 4, arbitrary: anyRequest() }, { weight: 1, arbitrary: malformedBodyRequest() })

const anyRequest = (): fc.Arbitrary<FuzzRequest> =>
  fc
    .record({
      method: fc.constantFrom(...METHODS),
      route: fc.constantFrom(...routes()),
      mutation: fc.integer({ min: 0, max: 14 }),
      position: fc.nat(),
      query: fc.option(query, { nil: undefined }),
      headers: fc.array(header, { maxLength: 4 }),
      body,
    })
    .map(({ method, route, mutation, position, query: extra, headers, body: text }) => {
      const base = mutatePath(route, mutation, position)
      const path = extra ? `${base}${base.includes('?') ? '&' : '?'}${extra}` : base
      const sent: Record<string, string> = {}
      for (const [name, value] of headers) sent[name] = value
      const hasBody = !['GET', 'HEAD', 'TRACE'].includes(method)
      return { method, path, headers: sent, body: hasBody ? text : undefined }
    })

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

function send(target: FuzzRequest): Promise<Answer> {
  const url = new URL(inject('baseUrl'))
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: target.method,
        path: target.path,
        headers: {
          ...target.headers,
          ...(target.body ? { 'content-length': Buffer.byteLength(target.body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        res.on('error', reject)
      },
    )
    req.setTimeout(20_000, () => req.destroy(new Error('timed out')))
    req.on('error', reject)
    req.end(target.body)
  })
}

/** What is wrong with an answer, or null. */
function fault(target: FuzzRequest, answer: Answer): string | null {
  if (answer.status >= 500) return `${answer.status}: ${answer.text.slice(0, 160)}`
  if (answer.status === 405 && !answer.headers.allow) return '405 without Allow'
  const api = /^\/api(\/|$|\?)/.test(target.path)
  if (!api || answer.status < 400 || target.method === 'HEAD') return null
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.text)
  } catch {
    return `${answer.status} with a non-JSON body: ${answer.text.slice(0, 120)}`
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error
  const jsonRpc = (parsed as { jsonrpc?: unknown } | null)?.jsonrpc === '2.0'
  if (jsonRpc) return null
  if (typeof error?.code !== 'string' || typeof error.message !== 'string')
    return `${answer.status} without { error: { code, message } }: ${answer.text.slice(0, 120)}`
  return null
}

describe('requests an anonymous client can send', () => {
  it(`never break the site (seed ${SEED}, ${RUNS} requests)`, async () => {
    console.log(`request fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`)
    const before = new Map<string, string>()
    for (const path of cacheableUrls()) {
      const answer = await send({ method: 'GET', path, headers: {} })
      expect(answer.status, path).toBe(200)
      before.set(path, answer.text)
    }
    const logFile = `.data/test-logs/app-${process.env.TEST_RUN_ID ?? 'main'}.log`
    const logStart = statSync(logFile).size

    const faults: string[] = []
    const requests = fc.sample(fuzzRequest(), { seed: SEED, numRuns: RUNS })
    for (let index = 0; index < requests.length; index += 4) {
      const batch = requests.slice(index, index + 4)
      const answers = await Promise.all(
        batch.map((target) =>
          send(target).catch((error: Error) => ({ status: 0, headers: {}, text: String(error) })),
        ),
      )
      answers.forEach((answer, offset) => {
        const target = batch[offset]!
        const problem = answer.status === 0 ? answer.text : fault(target, answer)
        if (problem)
          faults.push(
            `${target.method} ${target.path} ${JSON.stringify(target.headers)} ${target.body ?? ''} → ${problem}`,
          )
      })
    }
    expect(faults, `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`).toEqual([])

    const logged = readFileSync(logFile, 'utf8').slice(logStart).split('\n')
    const errors = logged.filter((line) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50
      } catch {
        return /\berror\b/i.test(line)
      }
    })
    expect(errors).toEqual([])

    // Nothing the fuzz sent changed what any visitor gets. A page rendered again meanwhile (a
    // change another instance or job made) may place Next's size-adjust tag or flight rows
    // elsewhere; a poisoned answer still differs in its markup (comparableBody).
    const origin = inject('baseUrl')
    for (const path of cacheableUrls()) {
      const answer = await send({ method: 'GET', path, headers: {} })
      expect(answer.status, path).toBe(200)
      expect(comparableBody(answer.text, origin), path).toBe(
        comparableBody(before.get(path)!, origin),
      )
    }
  }, 600_000)
})
