import type { PayloadRequest } from 'payload'
import { describe, expect, it } from 'vitest'

import { validateRedirectTarget } from './collection'

/** A request whose Local API knows these redirects (by `from`). */
function requestWith(rows: { id: number; from: string; to: string }[]): PayloadRequest {
  return {
    payload: {
      find: async ({ where }: { where: { from: { equals: string } } }) => ({
        docs: rows.filter((row) => row.from === where.from.equals),
      }),
    },
  } as unknown as PayloadRequest
}

const validate = (
  to: unknown,
  from: string,
  rows: { id: number; from: string; to: string }[] = [],
  id?: number,
) =>
  validateRedirectTarget(
    to as string,
    {
      req: requestWith(rows),
      siblingData: { from },
      id,
    } as unknown as Parameters<typeof validateRedirectTarget>[1],
  )

describe('validateRedirectTarget', () => {
  it('accepts a path of this site', async () => {
    expect(await validate('/en/blog/new', '/en/blog/old')).toBe(true)
  })

  it.each(['//evil.example', 'https://evil.example/', '/\\evil.example', 'en/blog', '/a\nb'])(
    'refuses %j with a message naming what to use',
    async (to) => {
      expect(await validate(to, '/old')).toMatch(/path of this site/)
    },
  )

  it('refuses a redirect to its own path', async () => {
    expect(await validate('/old', '/old')).toMatch(/its own path/)
  })

  it('refuses a loop through the redirect that already leaves its target, saying which', async () => {
    const existing = [{ id: 1, from: '/a', to: '/b' }]
    expect(await validate('/a', '/b', existing)).toBe(
      'This redirect would loop: /b → /a → /b. Change or delete one of those redirects first.',
    )
  })

  it('refuses its own path in any spelling, and judges the `from` as it will be stored', async () => {
    for (const to of ['/old/', '/%6Fld', '/old?x=1', '/old//', '/x/../old']) {
      expect(await validate(to, '/old'), to).toMatch(/its own path/)
    }
    expect(await validate('/old', '/%6Fld/')).toMatch(/its own path/)
    expect(await validate('/en/blog/a.md', '/en/blog/a')).toMatch(/its own path/)
  })

  it('does not count the redirect being edited as the way back', async () => {
    const existing = [{ id: 1, from: '/b', to: '/a' }]
    expect(await validate('/b', '/a', existing, 1)).toBe(true)
  })
})
