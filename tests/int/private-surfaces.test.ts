import { describe, expect, it } from 'vitest'

import { asAdmin, getJson } from '../support/api'
import { createDocument } from '../support/factories'

const graphql = (query: string, headers: Record<string, string> = {}) =>
  getJson<{ data?: unknown; errors?: unknown; error?: { code: string } }>('/api/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  })

describe('private surfaces', () => {
  it('GraphQL refuses anonymous callers, introspection included', async () => {
    for (const query of ['{ Posts { docs { id title } } }', '{ __schema { types { name } } }']) {
      const { status, body } = await graphql(query)
      expect(status).toBe(401)
      expect(body.error?.code).toBe('unauthorized')
    }
  })

  it('GraphQL answers a signed-in editor (API key)', async () => {
    const response = await asAdmin('/api/graphql', {
      method: 'POST',
      body: JSON.stringify({ query: '{ Posts(limit: 1) { totalDocs } }' }),
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { data: { Posts: { totalDocs: number } } }
    expect(typeof body.data.Posts.totalDocs).toBe('number')
  })

  it('the GraphQL playground is not served', async () => {
    const response = await fetch(
      `${(await import('../support/api')).baseUrl()}/api/graphql-playground`,
    )
    expect(response.status).toBe(404)
  })

  it.each([
    '/api/users',
    '/api/payload-preferences',
    '/api/payload-jobs',
    '/api/payload-locked-documents',
  ])('%s is private', async (path) => {
    const { status } = await getJson(path)
    expect([401, 403]).toContain(status)
  })

  it('an invalid API key is anonymous: no drafts', async () => {
    const draft = await createDocument('posts', { status: 'draft' })
    const { status } = await getJson(`/api/posts/${draft.id}?draft=true`, {
      headers: { Authorization: 'users API-Key not-a-real-key' },
    })
    expect(status).toBe(404)
  })

  it('an editor with an API key gets the full Payload REST API, drafts included', async () => {
    const draft = await createDocument('posts', { status: 'draft', internalNotes: 'for editors' })
    const response = await asAdmin(`/api/posts/${draft.id}?draft=true`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(body._status).toBe('draft')
    expect(body.internalNotes).toBe('for editors')
  })
})
