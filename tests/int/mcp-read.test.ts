import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { baseUrl, get, getJson } from '../support/api'
import {
  createAgentsContent,
  DRAFT_MARKER,
  EDIT_MARKER,
  markersIn,
  type AgentsContent,
} from '../support/agents-content'
import { createDocument } from '../support/factories'
import { uniqueClient } from '../support/inquiries'
import { connectMcp } from '../support/mcp-client'
import { createWithText, nonce } from '../support/search-content'

/** The MCP server's read side: tools over published content, resources, discovery. */

let content: AgentsContent
let mcp: Client

type ToolResult = {
  isError?: boolean
  content: { type: string; text: string }[]
  structuredContent?: Record<string, unknown>
}

const call = (name: string, args: Record<string, unknown>) =>
  mcp.callTool({ name, arguments: args }) as Promise<ToolResult>

interface Summary {
  collection: string
  locale: string
  id: number
  slug: string
  title: string
  url: string
  markdownUrl: string
  publishedAt: string | null
}

beforeAll(async () => {
  content = await createAgentsContent()
  mcp = await connect(uniqueClient())
  spanishWord = nonce()
  rankWord = nonce()
  migrations = await createWithText('posts', 'published', {
    en: { title: 'Moving house', body: `Nothing about it, ${spanishWord}.` },
    es: { title: 'Un artículo', body: `Hablamos de migraciones ${spanishWord} en la nube.` },
  })
  // Three hits of one word in title, excerpt and body: a ranking with a clear order.
  ranked = [
    await createWithText('posts', 'published', {
      en: { title: 'Body hit', body: `${rankWord}, ${rankWord} and ${rankWord} again.` },
    }),
    await createWithText('case-studies', 'published', {
      en: { title: `All about ${rankWord}`, body: 'The body says nothing of it.' },
      es: { title: `Todo sobre ${rankWord}`, body: 'El cuerpo no dice nada.' },
    }),
    await createWithText('posts', 'published', {
      en: { title: 'Excerpt hit', excerpt: `An excerpt on ${rankWord}.`, body: 'Nothing.' },
    }),
  ]
}, 120_000)

/** An MCP client over real HTTP, as the given network client (X-Forwarded-For). */
const connect = (client: string) => connectMcp(client, 'read-test')

let spanishWord: string
let rankWord: string
let migrations: { id: number; slug: string }
let ranked: { id: number; slug: string }[]

afterAll(async () => {
  await mcp?.close()
})

describe('initialize and tools/list', () => {
  it('advertises what it honours: tools, resources (their list changes on the GET stream), prompts, completions', () => {
    expect(mcp.getServerCapabilities()).toEqual({
      tools: {},
      resources: { listChanged: true },
      prompts: {},
      completions: {},
    })
    expect(mcp.getInstructions()).toMatch(/search_content/)
  })

  it('annotates the read tools read-only and idempotent, with input and output schemas', async () => {
    const { tools } = await mcp.listTools()
    for (const name of ['search_content', 'list_documents', 'get_document']) {
      const tool = tools.find((candidate) => candidate.name === name)!
      expect(tool.annotations, name).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      })
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false })
      expect(tool.outputSchema).toMatchObject({ type: 'object' })
    }
    const list = tools.find((tool) => tool.name === 'list_documents')!
    expect(list.inputSchema.properties).toMatchObject({
      collection: { enum: ['posts', 'case-studies'] },
      locale: { enum: ['en', 'es'], default: 'en' },
      page: { minimum: 1, maximum: 1_000_000, default: 1 },
      limit: { minimum: 1, maximum: 100, default: 10 },
    })
    expect(list.inputSchema.required).toEqual(['collection'])
  })
})

describe('list_documents', () => {
  it('pages through published documents, newest first, and never a draft', async () => {
    // Other suites publish into the same database meanwhile: walk every page rather than
    // assume this suite's post is the newest.
    const listed: Summary[] = []
    for (let page = 1; ; page += 1) {
      const result = await call('list_documents', { collection: 'posts', limit: 100, page })
      expect(result.isError).toBeFalsy()
      const answer = result.structuredContent as { docs: Summary[]; page: number; limit: number }
      expect(answer).toMatchObject({ page, limit: 100 })
      expect(markersIn(JSON.stringify(result))).toEqual([])
      // The text block carries the same JSON, for clients that ignore structured content.
      expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent)
      listed.push(...answer.docs)
      if (answer.docs.length < 100) break
    }
    expect(listed.find((doc) => doc.id === content.post.id)).toMatchObject({
      slug: content.post.slug,
      title: content.post.title.en,
      url: `${baseUrl()}${paths.post('en', content.post.slug)}`,
      markdownUrl: `${baseUrl()}${paths.twin(paths.post('en', content.post.slug))}`,
    })
    const ids = listed.map((doc) => doc.id)
    expect(ids).not.toContain(content.draftPost.id)
    const dates = listed.map((doc) => Date.parse(doc.publishedAt ?? ''))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))

    const second = await call('list_documents', { collection: 'posts', limit: 1, page: 2 })
    const secondId = (second.structuredContent as { docs: Summary[] }).docs[0]!.id
    expect(ids.slice(0, 3)).toContain(secondId)
  })

  it('lists case studies in Spanish', async () => {
    const result = await call('list_documents', { collection: 'case-studies', locale: 'es' })
    const docs = (result.structuredContent as { docs: Summary[] }).docs
    expect(docs.find((doc) => doc.id === content.caseStudy.id)?.title).toBe(
      content.caseStudy.title.es,
    )
    expect(docs.map((doc) => doc.id)).not.toContain(content.draftCaseStudy.id)
  })

  it('refuses what the bounds refuse as an error result naming the argument', async () => {
    for (const [args, says] of [
      [{ collection: 'posts', limit: 101 }, 'limit must be at most 100'],
      [{ collection: 'posts', limit: 0 }, 'limit must be at least 1'],
      [{ collection: 'posts', page: 0 }, 'page must be at least 1'],
      [{ collection: 'posts', limit: 'ten' }, 'limit must be a number'],
      [{ collection: 'posts', limit: 2.5 }, 'limit must be an integer'],
      [{ collection: 'drafts' }, 'collection must be one of "posts", "case-studies"'],
      [{ collection: 'posts', draft: true }, 'draft is not an allowed property'],
    ] as const) {
      const result = await call('list_documents', args)
      expect(result.isError, says).toBe(true)
      expect(result.content[0]?.text).toBe(`Invalid arguments: ${says}. Fix them and call again.`)
    }
  })
})

describe('get_document', () => {
  it('returns the markdown twin, byte for byte, found by slug or by id', async () => {
    const twinPath = paths.twin(paths.caseStudy('es', content.caseStudy.slug))
    const twin = await (await get(twinPath)).text()
    const bySlug = await call('get_document', {
      collection: 'case-studies',
      locale: 'es',
      slug: content.caseStudy.slug,
    })
    expect(bySlug.isError).toBeFalsy()
    expect(bySlug.structuredContent).toMatchObject({
      id: content.caseStudy.id,
      markdownUrl: `${baseUrl()}${twinPath}`,
      markdown: twin,
    })
    expect(bySlug.content[0]?.text).toBe(twin)
    const byId = await call('get_document', {
      collection: 'case-studies',
      locale: 'es',
      id: content.caseStudy.id,
    })
    expect(byId.structuredContent).toEqual(bySlug.structuredContent)
  })

  it('shows the published version of a document with a newer unpublished edit', async () => {
    const result = await call('get_document', { collection: 'posts', id: content.editedPost.id })
    expect(result.structuredContent).toMatchObject({ title: content.editedPost.title.en })
    expect(JSON.stringify(result)).not.toContain(EDIT_MARKER)
  })

  it('a draft is an error result, as an unknown document is', async () => {
    for (const args of [
      { collection: 'posts', id: content.draftPost.id },
      { collection: 'posts', slug: content.draftPost.slug },
      { collection: 'case-studies', slug: 'no-such-study' },
    ]) {
      const result = await call('get_document', args)
      expect(result.isError).toBe(true)
      expect(result.content[0]?.text).toMatch(/^No published document in /)
      expect(JSON.stringify(result)).not.toContain(DRAFT_MARKER)
    }
    const neither = await call('get_document', { collection: 'posts' })
    expect(neither.content[0]?.text).toContain('id or slug must be given, not both')
  })
})

describe('search_content', () => {
  type Found = { results: Summary[]; totalDocs: number; totalPages: number; hasNextPage: boolean }
  const found = (result: ToolResult) => result.structuredContent as Found

  it('is the site search: Spanish stemming and accents ("migración" finds "migraciones")', async () => {
    for (const query of [`migración ${spanishWord}`, `MIGRACION ${spanishWord}`]) {
      const result = await call('search_content', { query })
      expect(result.isError).toBeFalsy()
      expect(found(result)).toMatchObject({ totalDocs: 1, totalPages: 1, hasNextPage: false })
      expect(found(result).results).toEqual([
        {
          collection: 'posts',
          locale: 'es',
          id: migrations.id,
          slug: migrations.slug,
          title: 'Un artículo',
          excerpt: 'Un resumen.',
          publishedAt: expect.any(String),
          url: `${baseUrl()}${paths.post('es', migrations.slug)}`,
          markdownUrl: `${baseUrl()}${paths.twin(paths.post('es', migrations.slug))}`,
        },
      ])
    }
    const english = await call('search_content', {
      query: `migración ${spanishWord}`,
      locale: 'en',
    })
    expect(found(english).totalDocs).toBe(0)
  })

  it('agrees with GET /api/search on the same query: same documents, same order', async () => {
    const { status, body: viaApi } = await getJson<{
      docs: { collection: string; id: number; locale: string }[]
    }>(`/api/search?q=${encodeURIComponent(rankWord)}`)
    expect(status).toBe(200)
    const viaMcp = found(await call('search_content', { query: rankWord }))
    const key = (hit: { collection: string; id: number; locale: string }) =>
      `${hit.collection}/${hit.id}/${hit.locale}`
    expect(viaMcp.results.map(key)).toEqual(viaApi.docs.map(key))
    // Ranked, not newest first: both title hits, then the excerpt hit, then the body hit.
    expect(viaMcp.results.map((hit) => hit.id)).toEqual([
      ranked[1]!.id,
      ranked[1]!.id,
      ranked[2]!.id,
      ranked[0]!.id,
    ])
    const secondPage = found(await call('search_content', { query: rankWord, limit: 3, page: 2 }))
    expect(secondPage).toMatchObject({ totalDocs: 4, totalPages: 2, hasNextPage: false })
    expect(secondPage.results.map(key)).toEqual(viaApi.docs.slice(3).map(key))
  })

  it('finds published documents by title words, ignoring case and accents', async () => {
    const result = await call('search_content', { query: 'CASO DE EXITO para agentes' })
    expect(found(result).results).toContainEqual(
      expect.objectContaining({
        collection: 'case-studies',
        locale: 'es',
        id: content.caseStudy.id,
        title: content.caseStudy.title.es,
      }),
    )
    const english = await call('search_content', { query: 'agents case study', locale: 'en' })
    expect(found(english).results.map((item) => item.locale)).not.toContain('es')
  })

  it('never finds a draft or an unpublished edit', async () => {
    for (const query of [DRAFT_MARKER, EDIT_MARKER]) {
      const result = await call('search_content', { query })
      expect(result.structuredContent).toMatchObject({ totalDocs: 0, results: [] })
    }
  })

  it('refuses an empty query, control characters and an over-large page', async () => {
    const empty = await call('search_content', { query: '  ' })
    expect(empty.content[0]?.text).toBe(
      'Invalid arguments: query must not be empty. Fix them and call again.',
    )
    const control = await call('search_content', { query: 'a\u0000b' })
    expect(control.content[0]?.text).toBe(
      'Invalid arguments: query must not contain control characters. Fix them and call again.',
    )
    const big = await call('search_content', { query: 'agents', limit: 101 })
    expect(big.isError).toBe(true)
  })

  it('spends the per-client search budget GET /api/search spends', async () => {
    const client = uniqueClient()
    let refused: Response | undefined
    for (let index = 0; index < 200 && !refused; index += 1) {
      const response = await get(`/api/search?q=budget${index}`, {
        headers: { 'X-Forwarded-For': client },
      })
      if (response.status === 429) refused = response
      else await response.arrayBuffer()
    }
    expect(refused).toBeDefined()
    const spent = await connect(client)
    try {
      const result = await spent.callTool({ name: 'search_content', arguments: { query: 'x' } })
      expect(result.isError).toBe(true)
      expect((result as ToolResult).content[0]?.text).toMatch(
        /^Rate limit reached \(searches per client\)\. Try again in \d+ seconds\.$/,
      )
    } finally {
      await spent.close()
    }
    // Another client still searches.
    const other = await call('search_content', { query: 'x' })
    expect(other.isError).toBeFalsy()
  })
})

describe('resources', () => {
  async function everyResource() {
    const pages: { uri: string; mimeType?: string; name: string }[][] = []
    let cursor: string | undefined
    do {
      const page = await mcp.listResources(cursor ? { cursor } : {})
      pages.push(page.resources)
      cursor = page.nextCursor
    } while (cursor)
    return pages
  }

  it('lists every published twin across pages (cursors), and no draft', async () => {
    // Enough old posts for a second page of 100.
    const before = (await everyResource()).flat().length
    for (let start = before; start < 101; start += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, 101 - start) }, () =>
          createDocument('posts', { status: 'published', publishedAt: '2001-01-01T00:00:00.000Z' }),
        ),
      )
    }
    const pages = await everyResource()
    expect(pages.length).toBeGreaterThan(1)
    expect(pages[0]).toHaveLength(100)
    const resources = pages.flat()
    expect(new Set(resources.map((resource) => resource.uri)).size).toBe(resources.length)
    const uris = resources.map((resource) => resource.uri)
    expect(uris).toEqual(
      expect.arrayContaining([
        `${baseUrl()}${paths.twin(paths.post('en', content.post.slug))}`,
        `${baseUrl()}${paths.twin(paths.caseStudy('es', content.caseStudy.slug))}`,
      ]),
    )
    expect(uris.filter((uri) => uri.includes(content.draftPost.slug))).toEqual([])
    expect(new Set(resources.map((resource) => resource.mimeType))).toEqual(
      new Set(['text/markdown']),
    )
  }, 120_000)

  it('refuses a cursor it did not give with -32602', async () => {
    const error = await mcp.listResources({ cursor: 'not-a-cursor' }).then(
      () => null,
      (caught: { code?: number }) => caught,
    )
    expect(error).toMatchObject({ code: -32602 })
  })

  it('pages on from a cursor naming a day the calendar lacks as from the day after', async () => {
    const cursor = (date: string) => Buffer.from(`after:0:999999999:${date}`).toString('base64url')
    const rolled = await mcp.listResources({ cursor: cursor('2024-02-30T00:00:00Z') })
    const next = await mcp.listResources({ cursor: cursor('2024-03-01T00:00:00.000Z') })
    expect(rolled.resources.length).toBeGreaterThan(0)
    expect(rolled).toEqual(next)
  })

  it("pages on from a cursor whose id is past the ids' integer range", async () => {
    const date = '2024-03-01T00:00:00.000Z'
    const cursor = (id: string) => Buffer.from(`after:0:${id}:${date}`).toString('base64url')
    const far = await mcp.listResources({ cursor: cursor('9999999999') })
    expect(far.resources.length).toBeGreaterThan(0)
    expect(far).toEqual(await mcp.listResources({ cursor: cursor('2147483647') }))
  })

  it('reads a resource as its markdown twin; an unpublished or unknown URI is -32602', async () => {
    const uri = `${baseUrl()}${paths.twin(paths.post('en', content.post.slug))}`
    const { contents } = await mcp.readResource({ uri })
    expect(contents).toEqual([
      { uri, mimeType: 'text/markdown', text: await (await get(new URL(uri).pathname)).text() },
    ])
    for (const unknown of [
      `${baseUrl()}${paths.twin(paths.post('en', content.draftPost.slug))}`,
      `${baseUrl()}/en/blog.md`,
      'file:///etc/passwd',
    ]) {
      const error = await mcp.readResource({ uri: unknown }).then(
        () => null,
        (caught: { code?: number; message?: string }) => caught,
      )
      expect(error, unknown).toMatchObject({ code: -32602 })
      expect(error?.message).toMatch(/Resource not found/)
    }
  })
})

describe('server card', () => {
  const schema = (name: string) =>
    JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../fixtures/mcp', name), 'utf8'),
    ) as object

  it.each(['/.well-known/mcp/server-card.json', '/.well-known/mcp/server-card'])(
    '%s describes this server: its URL, capabilities and the tools tools/list gives',
    async (cardPath) => {
      const response = await get(cardPath)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('etag')).toBeTruthy()
      const card = (await response.json()) as Record<string, unknown>
      const ajv = new Ajv({ strict: false, allErrors: true })
      addFormats(ajv)
      for (const name of ['server-card.schema.json', 'server.schema.json']) {
        expect(ajv.validate(schema(name), card) ? [] : ajv.errors, name).toEqual([])
      }
      expect(card.remotes).toEqual([
        expect.objectContaining({ type: 'streamable-http', url: `${baseUrl()}/api/mcp` }),
      ])
      expect(card.capabilities).toEqual(mcp.getServerCapabilities())
      expect(card.version).toBe(mcp.getServerVersion()?.version)
      const { tools } = await mcp.listTools()
      expect(card.tools).toEqual(JSON.parse(JSON.stringify(tools)))
    },
  )
})
