import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { asAdminJson, get, getJson } from '../support/api'
import { createDocument, type CreatedDocument } from '../support/factories'
import { uniqueClient } from '../support/inquiries'
import { connectMcp } from '../support/mcp-client'

/**
 * A field that does not say it is public (`custom.public`, src/fields/public.ts) appears on no
 * anonymous surface: the posts' `internalNotes` (which also has read access of its own),
 * `updatedBy` and the drafts' `_status` are in neither the API's documents and lists (whether or
 * not `select` is given), nor `select` or `sort`, nor the OpenAPI document, nor a document's
 * page, twin or MCP read. tests/int/added-public-field.test.ts shows the same of a field added
 * without it, which has no access rule of its own.
 */

const PRIVATE = ['internalNotes', 'updatedBy', '_status'] as const
const NOTE = `private-note-${Date.now()}`

let post: CreatedDocument
let mcp: Client

beforeAll(async () => {
  post = await createDocument('posts', { status: 'published', internalNotes: NOTE })
  // Editors do read it: it is there to hide.
  const stored = await asAdminJson<Record<string, unknown>>(`/api/posts/${post.id}`)
  expect(stored.internalNotes).toBe(NOTE)
  mcp = await connectMcp(uniqueClient(), 'private-fields-test')
}, 60_000)

afterAll(async () => {
  await mcp?.close()
})

function expectNoPrivateField(doc: Record<string, unknown>, where: string) {
  for (const field of PRIVATE) expect(doc, `${where}: ${field}`).not.toHaveProperty(field)
  expect(JSON.stringify(doc), where).not.toContain(NOTE)
}

describe('fields not marked public', () => {
  it('are in no document or list of the API, whatever is selected', async () => {
    for (const query of ['', 'depth=0', 'locale=en', 'select=title,slug']) {
      const one = await getJson<Record<string, unknown>>(`/api/posts/${post.id}?${query}`)
      expect(one.status, query).toBe(200)
      expectNoPrivateField(one.body, `/api/posts/{id}?${query}`)
      const list = await getJson<{ docs: Record<string, unknown>[] }>(
        `/api/posts?where[slug][equals]=${post.slug}&${query}`,
      )
      expect(list.body.docs, query).toHaveLength(1)
      expectNoPrivateField(list.body.docs[0]!, `/api/posts?${query}`)
    }
  })

  it('may not be selected or sorted on', async () => {
    for (const field of PRIVATE) {
      for (const query of [`select=title,${field}`, `sort=${field}`, `sort=-${field}`]) {
        const { status, body } = await getJson<{ error: { code: string } }>(`/api/posts?${query}`)
        expect(status, query).toBe(400)
        expect(body.error.code).toBe('invalid_parameter')
      }
      const { status } = await getJson(`/api/posts/${post.id}?select=${field}`)
      expect(status, field).toBe(400)
    }
  })

  it('are not in the OpenAPI document', async () => {
    const { body } = await getJson<{
      components: {
        schemas: Record<string, { properties?: Record<string, unknown> }>
        parameters: Record<string, { schema: { enum?: string[]; items?: { enum: string[] } } }>
      }
    }>('/openapi.json')
    for (const schema of ['Post', 'CaseStudy']) {
      const properties = Object.keys(body.components.schemas[schema]!.properties!)
      expect(properties).toContain('title')
      for (const field of PRIVATE) expect(properties, schema).not.toContain(field)
    }
    const { PostSelect, CaseStudySelect, Sort } = body.components.parameters
    for (const field of PRIVATE) {
      expect(PostSelect!.schema.items!.enum).not.toContain(field)
      expect(CaseStudySelect!.schema.items!.enum).not.toContain(field)
      expect(Sort!.schema.enum).not.toContain(field)
    }
  })

  it("are not on the document's page, its twin or its MCP read", async () => {
    const page = paths.document('posts', 'en', post.slug)
    for (const path of [page, `${page}.md`]) {
      const response = await get(path)
      const text = await response.text()
      expect(response.status, path).toBe(200)
      expect(text, path).toContain(post.title.en!)
      expect(text, path).not.toContain(NOTE)
    }
    const read = await mcp.callTool({
      name: 'get_document',
      arguments: { collection: 'posts', locale: 'en', slug: post.slug },
    })
    expect(read.isError).toBeFalsy()
    expect(JSON.stringify(read)).toContain(post.slug)
    expect(JSON.stringify(read)).not.toContain(NOTE)
  })
})
