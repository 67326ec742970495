import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { ApiError } from './errors'
import { redirectPathParameter, sameSitePath } from './same-site-path'

const SITE = 'https://www.example.test'

describe('sameSitePath', () => {
  it('keeps paths of the site, with their query and fragment', () => {
    expect(sameSitePath('/', SITE)).toBe('/')
    expect(sameSitePath('/en/blog/a-post', SITE)).toBe('/en/blog/a-post')
    expect(sameSitePath('/es/blog?page=2#top', SITE)).toBe('/es/blog?page=2#top')
    // Dot segments resolve, still on this site.
    expect(sameSitePath('/en/../es/blog', SITE)).toBe('/es/blog')
    // An encoded slash is a character of the path, not a host.
    expect(sameSitePath('/%2F%2Fevil.example', SITE)).toBe('/%2F%2Fevil.example')
  })

  it('refuses scheme-relative, absolute and backslashed targets', () => {
    for (const target of [
      '//evil.example/x',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      'https://evil.example/',
      'http://www.example.test/en', // another scheme is another origin
      `${SITE}/en`, // absolute even when same-origin: the parameter is a path
      'javascript:alert(1)',
      'en/blog',
      '',
    ]) {
      expect(sameSitePath(target, SITE), target).toBeNull()
    }
  })

  it('refuses control characters, which URL parsers drop before reading the host', () => {
    for (const target of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/en\u0000',
      '/en\u007f',
      '/\u0085x',
    ]) {
      expect(sameSitePath(target, SITE), JSON.stringify(target)).toBeNull()
    }
  })

  it('refuses what only normalises to another host: dot and empty segments leave `//host`', () => {
    for (const target of [
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/.%2e//evil.example',
      '/a/../..//host/x',
      '/a/..//evil.example',
      '/././/evil.example/path?q=1#f',
    ]) {
      expect(sameSitePath(target, SITE), target).toBeNull()
    }
    // Resolved to a single leading slash, the same spellings are paths of the site.
    expect(sameSitePath('/./evil.example', SITE)).toBe('/evil.example')
    expect(sameSitePath('/a/../b//c', SITE)).toBe('/b//c')
  })

  it('returns only what it would accept again: one leading slash, this origin', () => {
    // Paths of segments that dot segments and empty segments could fold into `//host`.
    const segment = fc.constantFrom('', '.', '..', '%2e', '%2E%2E', '.%2e', 'a', 'evil.example')
    const candidate = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.constantFrom('', '?q=1', '#f'))
      .map(([segments, tail]) => `/${segments.join('/')}${tail}`)
    fc.assert(
      fc.property(candidate, (given) => {
        const path = sameSitePath(given, SITE)
        if (path === null) return
        expect(path.startsWith('//'), given).toBe(false)
        expect(path.startsWith('/'), given).toBe(true)
        expect(new URL(path, SITE).origin, given).toBe(SITE)
        expect(sameSitePath(path, SITE), given).toBe(path)
      }),
      { seed: 11, numRuns: 5_000 },
    )
  })

  it('compares with the origin of the site URL, whatever path it has', () => {
    expect(sameSitePath('/en', 'http://localhost:3000/')).toBe('/en')
  })
})

describe('redirectPathParameter', () => {
  const request = (query: string) => new Request(`${SITE}/api/preview/exit${query}`)

  it('is the checked path, or the fallback when the parameter is absent', () => {
    expect(redirectPathParameter(request('?path=%2Fes%2Fblog'), SITE, '/')).toBe('/es/blog')
    expect(redirectPathParameter(request(''), SITE, '/')).toBe('/')
  })

  it('is a 400 for a path of another site, and for a missing one without a fallback', () => {
    for (const query of [
      '?path=%2F%2Fevil.example%2Fx',
      '?path=%2F%5Cevil.example',
      '?path=%2F.%2F%2Fevil.example',
      '?path=/..//evil.example',
      '?path=/%252e//evil.example',
      '?path=/a/../..//host/x',
      '',
      '?path=',
    ]) {
      let refusal: unknown
      try {
        redirectPathParameter(request(query), SITE)
      } catch (error) {
        refusal = error
      }
      expect(refusal, query).toBeInstanceOf(ApiError)
      expect((refusal as ApiError).status).toBe(400)
    }
  })
})
