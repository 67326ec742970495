import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { baseUrl, get } from '../support/api'
import {
  createDocument,
  saveUnpublishedEdit,
  uniqueSlug,
  type CreatedDocument,
} from '../support/factories'
import { uniqueClient } from '../support/inquiries'
import { connectMcp } from '../support/mcp-client'

/**
 * `completion/complete` through the SDK's client over real HTTP: locales, the contact form's
 * service categories, and the resource templates' slugs (published documents only, in the
 * language chosen); the templates read through; and the per-client budget of the read tools.
 */

let mcp: Client
let prefix: string
let published: CreatedDocument
let englishOnly: CreatedDocument
let draft: CreatedDocument
let study: CreatedDocument
let editedSlug: string

const clients: Client[] = []
async function connect(client = uniqueClient()): Promise<Client> {
  const connected = await connectMcp(client, 'completions-test')
  clients.push(connected)
  return connected
}

beforeAll(async () => {
  mcp = await connect()
  // One prefix no other file's slugs start with.
  prefix = uniqueSlug('cmpl')
  published = await createDocument('posts', { status: 'published', slug: `${prefix}-published` })
  englishOnly = await createDocument('posts', {
    status: 'published',
    slug: `${prefix}-english`,
    title: { en: 'Only in English' },
  })
  draft = await createDocument('posts', { status: 'draft', slug: `${prefix}-draft` })
  study = await createDocument('case-studies', { status: 'published', slug: `${prefix}-study` })
  // A published post whose unpublished edit renames it: the new slug is a draft's.
  const renamed = await createDocument('posts', { status: 'published', slug: `${prefix}-renamed` })
  editedSlug = `${prefix}-unpublished-rename`
  await saveUnpublishedEdit('posts', renamed.id, { slug: editedSlug })
}, 120_000)

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()))
})

const POST_TEMPLATE = () => `${baseUrl()}/{locale}/blog/{slug}.md`
const STUDY_TEMPLATE = () => `${baseUrl()}/{locale}/case-studies/{slug}.md`

const completeSlug = (client: Client, uri: string, value: string, locale?: string) =>
  client.complete({
    ref: { type: 'ref/resource', uri },
    argument: { name: 'slug', value },
    ...(locale ? { context: { arguments: { locale } } } : {}),
  })

describe('completion/complete', () => {
  it('is announced', () => {
    expect(mcp.getServerCapabilities()?.completions).toEqual({})
  })

  it("completes a template's slug with published documents only, per locale", async () => {
    const english = await completeSlug(mcp, POST_TEMPLATE(), prefix, 'en')
    expect(english.completion.values.sort()).toEqual(
      [englishOnly.slug, published.slug, `${prefix}-renamed`].sort(),
    )
    expect(english.completion.hasMore).toBe(false)
    // Never a draft's slug, nor the slug of an edit not yet published.
    expect(english.completion.values).not.toContain(draft.slug)
    expect(english.completion.values).not.toContain(editedSlug)
    // Spanish lists what has a Spanish title.
    const spanish = await completeSlug(mcp, POST_TEMPLATE(), prefix, 'es')
    expect(spanish.completion.values.sort()).toEqual([published.slug, `${prefix}-renamed`].sort())
    // A longer prefix narrows it; the case study template completes case studies.
    expect(
      (await completeSlug(mcp, POST_TEMPLATE(), `${prefix}-pub`, 'en')).completion.values,
    ).toEqual([published.slug])
    expect((await completeSlug(mcp, STUDY_TEMPLATE(), prefix)).completion.values).toEqual([
      study.slug,
    ])
  })

  it('answers at most 20 values, and says when there are more', async () => {
    const { completion } = await completeSlug(mcp, POST_TEMPLATE(), '', 'en')
    expect(completion.values.length).toBeGreaterThan(0)
    expect(completion.values.length).toBeLessThanOrEqual(20)
    expect(completion.values).toEqual([...completion.values].sort())
    expect(completion.values).not.toContain(draft.slug)
  })

  it('completes locales and the contact form’s service categories', async () => {
    const locales = await mcp.complete({
      ref: { type: 'ref/resource', uri: POST_TEMPLATE() },
      argument: { name: 'locale', value: 'e' },
    })
    expect(locales.completion.values).toEqual(['en', 'es'])
    const promptLocale = await mcp.complete({
      ref: { type: 'ref/prompt', name: 'summarise_services' },
      argument: { name: 'locale', value: 'es' },
    })
    expect(promptLocale.completion.values).toEqual(['es'])
    const services = await mcp.complete({
      ref: { type: 'ref/prompt', name: 'prepare_inquiry' },
      argument: { name: 'service', value: 'nube' },
      context: { arguments: { locale: 'es' } },
    })
    expect(services.completion.values).toEqual(['cloud'])
  })

  it('refuses a prompt or template it does not have with -32602', async () => {
    for (const ref of [
      { type: 'ref/prompt' as const, name: 'test_prompt_with_arguments' },
      { type: 'ref/resource' as const, uri: 'test://template/{id}/data' },
    ]) {
      const error = await mcp
        .complete({ ref, argument: { name: 'arg1', value: 'test' } })
        .catch((thrown: unknown) => thrown)
      expect(error).toBeInstanceOf(McpError)
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams)
    }
  })
})

describe('resource templates', () => {
  it('a completed slug, put in its template, is a resource resources/read answers', async () => {
    const { resourceTemplates } = await mcp.listResourceTemplates()
    const template = resourceTemplates.find((each) => each.name === 'case-study')!
    const [slug] = (await completeSlug(mcp, template.uriTemplate, `${prefix}-st`, 'es')).completion
      .values
    const uri = template.uriTemplate.replace('{locale}', 'es').replace('{slug}', slug!)
    const { contents } = await mcp.readResource({ uri })
    const twin = await (
      await get(paths.twin(paths.document('case-studies', 'es', study.slug)))
    ).text()
    expect(contents).toEqual([{ uri, mimeType: 'text/markdown', text: twin }])
  })
})

describe('the read budget', () => {
  const RATE_LIMITED = /^Rate limit reached \(reads per client\)\. Try again in \d+ seconds\.$/

  it('refuses every read of a client past its budget, as search_content refuses a search', async () => {
    const spent = await connect()
    let refused: { isError?: boolean; content: { type: string; text: string }[] } | undefined
    for (let index = 0; index < 400 && !refused; index += 1) {
      const result = (await spent.callTool({
        name: 'list_documents',
        arguments: { collection: 'posts', limit: 1 },
      })) as { isError?: boolean; content: { type: string; text: string }[] }
      if (result.isError) refused = result
    }
    expect(refused?.content).toEqual([{ type: 'text', text: expect.stringMatching(RATE_LIMITED) }])

    const got = (await spent.callTool({
      name: 'get_document',
      arguments: { collection: 'posts', slug: published.slug },
    })) as { isError?: boolean; content: { text: string }[] }
    expect(got.isError).toBe(true)
    expect(got.content[0]!.text).toMatch(RATE_LIMITED)

    // Outside the tools: a JSON-RPC error with the same message and the wait in data.
    const uri = `${baseUrl()}/en/blog/${published.slug}.md`
    for (const refusedRead of [
      () => spent.readResource({ uri }),
      () => spent.listResources(),
      () => completeSlug(spent, POST_TEMPLATE(), prefix, 'en'),
    ]) {
      const error = (await refusedRead().catch((thrown: unknown) => thrown)) as McpError
      expect(error).toBeInstanceOf(McpError)
      expect(error.code).toBe(-32029)
      expect(error.message.replace(/^MCP error -32029: /, '')).toMatch(RATE_LIMITED)
      expect(error.data).toEqual({ retryAfterSeconds: expect.any(Number) })
    }

    // What reads no document is still answered, and searches have their own budget.
    const locales = await spent.complete({
      ref: { type: 'ref/prompt', name: 'prepare_inquiry' },
      argument: { name: 'locale', value: '' },
    })
    expect(locales.completion.values).toEqual(['en', 'es'])
    const search = await spent.callTool({ name: 'search_content', arguments: { query: 'x' } })
    expect(search.isError).toBeFalsy()

    // Another client reads on.
    const other = await connect()
    const read = await other.readResource({ uri })
    expect(read.contents).toHaveLength(1)
  }, 120_000)
})
