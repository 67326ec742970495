import { beforeAll, describe, expect, it } from 'vitest'

import { baseUrl, get, getJson } from '../support/api'
import { openApiValidator } from '../support/openapi-ajv'

/**
 * The API reference page (/docs/api) and its twin show every operation and parameter of the
 * live /openapi.json and load nothing from elsewhere; and over HTTP, the documented query
 * parameters are accepted exactly where the document allows them.
 */

type Json = Record<string, unknown>
type Parameter = { name: string; in: string; schema: Json }
type Operation = { operationId: string; parameters?: { $ref?: string }[] }

let document: Json & {
  paths: Record<string, Record<string, Operation>>
  components: { parameters: Record<string, Parameter> }
}
const operations: {
  method: string
  path: string
  operation: Operation
  parameters: Parameter[]
}[] = []

beforeAll(async () => {
  document = (await getJson<typeof document>('/openapi.json')).body
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = (operation.parameters ?? []).map(
        (parameter) =>
          (parameter.$ref
            ? document.components.parameters[parameter.$ref.split('/').pop()!]
            : parameter) as Parameter,
      )
      operations.push({ method: method.toUpperCase(), path, operation, parameters })
    }
  }
  expect(operations.length).toBeGreaterThanOrEqual(8)
})

const unescapeHtml = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

describe('GET /docs/api', () => {
  let html: string
  let response: Response

  beforeAll(async () => {
    response = await get('/docs/api')
    html = await response.text()
  })

  it('is a server-rendered HTML page advertising its markdown twin', () => {
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    // Next.js may add its own preload entries to the same header.
    expect(response.headers.get('link')?.split(/,\s*(?=<)/)).toContain(
      '</docs/api.md>; rel="alternate"; type="text/markdown"',
    )
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(html).toContain('<html lang="en"')
  })

  it('lists every operation of /openapi.json with every parameter', () => {
    for (const { method, path, operation, parameters } of operations) {
      const start = html.indexOf(`data-operation-id="${operation.operationId}"`)
      expect(start, operation.operationId).toBeGreaterThan(-1)
      const article = unescapeHtml(html.slice(start, html.indexOf('</article>', start)))
      expect(article).toContain(`<code>${method} ${path}</code>`)
      for (const parameter of parameters) {
        expect(article, `${operation.operationId} ${parameter.name}`).toContain(
          `data-parameter="${parameter.name}"`,
        )
      }
    }
  })

  it('loads nothing from another origin', () => {
    const origin = new URL(baseUrl()).origin
    const loaded = [
      ...html.matchAll(
        /<(?:script|link|img|iframe|source|video|audio)\b[^>]*?\s(?:src|href|srcset)="([^"]*)"/g,
      ),
    ].map((match) => unescapeHtml(match[1]!))
    expect(loaded.length).toBeGreaterThan(0)
    for (const url of loaded.flatMap((value) =>
      value.split(',').map((part) => part.trim().split(/\s+/)[0]!),
    )) {
      expect(new URL(url, baseUrl()).origin, url).toBe(origin)
    }
    expect(html).not.toMatch(/@import|url\(\s*["']?https?:/)
  })
})

describe('the markdown twin', () => {
  it.each([
    ['/docs/api.md', {}],
    ['/docs/api', { Accept: 'text/markdown' }],
  ])('%s lists every operation and parameter', async (path, headers) => {
    const response = await get(path, { headers })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    expect(response.headers.get('vary')).toContain('Accept')
    const markdown = await response.text()
    for (const { method, path: operationPath, operation, parameters } of operations) {
      const heading = `### \`${method} ${operationPath}\` (${operation.operationId})`
      const start = markdown.indexOf(heading)
      expect(start, heading).toBeGreaterThan(-1)
      const next = markdown.indexOf('\n### ', start + heading.length)
      const section = markdown.slice(start, next === -1 ? undefined : next)
      for (const parameter of parameters) {
        expect(section, `${operation.operationId} ${parameter.name}`).toContain(
          `| \`${parameter.name}\``,
        )
      }
    }
  })

  it('is linked from llms.txt, the sitemap and the developers page (the footer links that page)', async () => {
    expect(await (await get('/llms.txt')).text()).toContain('/docs/api.md')
    expect(await (await get('/sitemap.xml')).text()).toContain('/docs/api</loc>')
    expect(await (await get('/en/developers')).text()).toContain('href="/docs/api"')
    expect(await (await get('/en')).text()).toContain('href="/en/developers"')
  })
})

describe('documented query parameters over HTTP', () => {
  const SAMPLES: Record<string, string[]> = {
    limit: ['0', '1', '100', '101', 'x'],
    depth: ['-1', '0', '3', '4'],
    page: ['0', '1', '1000000', '1000001'],
    sort: ['title', '-publishedAt', 'internalNotes'],
    select: ['title,slug', 'title,title', 'title,internalNotes', ''],
    locale: ['en', 'es', 'all', 'fr'],
    'where[slug][equals]': ['a-slug', 'a'.repeat(201)],
  }

  it('answers 200 for what /openapi.json allows and 400 for what it forbids', async () => {
    const { validator } = openApiValidator(document)
    const list = operations.find(({ operation }) => operation.operationId === 'listPosts')!
    for (const parameter of list.parameters) {
      const ref = Object.entries(document.components.parameters).find(
        ([, value]) => value === parameter,
      )![0]
      const check = validator(`#/components/parameters/${ref}/schema`)
      for (const raw of SAMPLES[parameter.name] ?? []) {
        const value =
          parameter.schema.type === 'integer'
            ? /^-?\d+$/.test(raw)
              ? Number(raw)
              : raw
            : parameter.schema.type === 'array'
              ? raw === ''
                ? []
                : raw.split(',')
              : raw
        const query = new URLSearchParams([[parameter.name, raw]]).toString()
        const response = await get(`/api/posts?${query}`)
        expect(response.status, `${query}`).toBe(check(value) ? 200 : 400)
        if (response.status === 400) {
          const body = (await response.json()) as { error: { code: string } }
          expect(body.error.code).toBe('invalid_parameter')
        } else {
          await response.arrayBuffer()
        }
      }
    }
  })
})
