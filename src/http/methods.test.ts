import { describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'
import { LOCALES } from '@/i18n/locales'

import {
  allowHeader,
  allowOf,
  isFormPage,
  isSignedInRequest,
  methodsFor,
  pathMethods,
  refuseOtherMethods,
} from './methods'

const anonymous = (path: string) => methodsFor(pathMethods(path)!, false).join(', ')
const signedIn = (path: string) => methodsFor(pathMethods(path)!, true).join(', ')

describe('the method table', () => {
  it.each([
    '/',
    '/en',
    '/es/blog',
    '/en/blog/a-post',
    '/docs/api',
    '/en/blog.md',
    '/index.md',
    '/markdown-twin/en',
    '/en/feed.xml',
    '/sitemap.xml',
    '/llms.txt',
    '/.well-known/agent-skills/index.json',
    '/robots.txt',
    '/favicon.ico',
    '/_next/static/x.js',
    '/api/media/file/a.png',
    '/api/search',
    '/api/health',
    '/api/ready',
    '/api/posts/count',
    '/api/preview/exit',
  ])('%s is read-only: GET, HEAD and OPTIONS, for everyone', (path) => {
    expect(anonymous(path)).toBe('GET, HEAD, OPTIONS')
    expect(signedIn(path)).toBe('GET, HEAD, OPTIONS')
  })

  it("takes a POST on the pages that carry a form, in every language: the site's only page POST", () => {
    for (const locale of LOCALES) {
      expect(isFormPage(paths.contact(locale))).toBe(true)
      expect(anonymous(paths.contact(locale))).toBe('GET, HEAD, OPTIONS, POST')
    }
    expect(isFormPage('/en/blog')).toBe(false)
    expect(isFormPage('/en/contact.md')).toBe(false)
    expect(isFormPage('/api/inquiries')).toBe(false)
  })

  it('lists the methods only signed-in users can use for callers with a credential only', () => {
    expect(anonymous('/api/inquiries')).toBe('OPTIONS, POST')
    expect(signedIn('/api/inquiries')).toBe('GET, HEAD, OPTIONS, POST')
    expect(anonymous('/api/posts')).toBe('GET, HEAD, OPTIONS')
    expect(signedIn('/api/posts')).toBe('GET, HEAD, OPTIONS, POST')
    expect(signedIn('/api/case-studies/12')).toBe('GET, HEAD, OPTIONS, PATCH, DELETE')
    expect(signedIn('/api/media/3')).toBe('GET, HEAD, OPTIONS, PATCH, DELETE')
    expect(anonymous('/api/preview')).toBe('OPTIONS')
    expect(signedIn('/api/graphql')).toBe('OPTIONS, POST')
    expect(anonymous('/admin/login')).toBe('GET, HEAD, OPTIONS, POST')
  })

  it('lists GET for the MCP server, whose route answers it with its notification stream', () => {
    expect(signedIn('/api/mcp')).toBe('GET, HEAD, OPTIONS, POST')
    expect(allowOf('/api/mcp')).toBe('GET, HEAD, OPTIONS, POST')
    expect(pathMethods('/api/mcp')?.refusedByRoute).toBe(true)
  })

  it("leaves Payload's REST paths, and /api itself, to what serves them", () => {
    for (const path of [
      '/api',
      '/api/users',
      '/api/users/login',
      '/api/globals/home',
      '/api/redirects',
      '/api/payload-preferences',
      '/api/exports/download',
      '/api/inquiries/1',
      '/api/posts/versions/1',
      '/api/nope',
    ]) {
      expect(pathMethods(path), path).toBeNull()
    }
  })
})

describe('isSignedInRequest', () => {
  it('is true for an Authorization header or the session cookie, whatever their value', () => {
    expect(isSignedInRequest({ authorization: 'users API-Key x' })).toBe(true)
    expect(isSignedInRequest({ cookie: 'a=1; payload-token=x' })).toBe(true)
    expect(isSignedInRequest({ cookie: 'a=1' })).toBe(false)
    expect(isSignedInRequest({})).toBe(false)
  })
})

describe('refuseOtherMethods', () => {
  it('answers each method a route lacks with a JSON 405 naming the allowed ones', async () => {
    const handlers = refuseOtherMethods('GET', 'POST')
    expect(Object.keys(handlers).sort()).toEqual(['DELETE', 'PATCH', 'PUT'])
    const response = handlers.PUT()
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({
      error: {
        code: 'method_not_allowed',
        message: 'This URL supports GET, HEAD, OPTIONS, POST.',
      },
    })
  })

  it('adds HEAD only where GET is implemented', () => {
    expect(allowHeader(['POST'])).toBe('OPTIONS, POST')
    expect(allowHeader(['GET', 'PATCH', 'DELETE'])).toBe('DELETE, GET, HEAD, OPTIONS, PATCH')
  })
})
