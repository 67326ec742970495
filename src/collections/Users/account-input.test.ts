import type { PayloadRequest, SanitizedCollectionConfig } from 'payload'
import { describe, expect, it } from 'vitest'

import { AccountRequestError } from './account-error'
import { controlCharacterAt, refuseControlCharacters } from './account-input'

describe('controlCharacterAt', () => {
  it('names the first string or key holding a control character', () => {
    expect(controlCharacterAt({ email: 'a@b.c', password: 'fine' })).toBeNull()
    expect(controlCharacterAt({ email: 'a\u0000@b.c' })).toBe('email')
    expect(controlCharacterAt({ profile: { names: ['Ana', 'Bo\u0007b'] } })).toBe(
      'profile.names[1]',
    )
    expect(controlCharacterAt({ 'key\u001f': 1 })).toBe('key\u001f')
    expect(controlCharacterAt('\u007f')).toBe('(body)')
    expect(controlCharacterAt({ note: 'next line\u0085' })).toBe('note')
  })

  it('leaves printable text alone, accents and emoji included', () => {
    expect(controlCharacterAt({ name: 'Zoë Ñúñez 🙂', n: 5, ok: true, none: null })).toBeNull()
  })
})

describe('refuseControlCharacters', () => {
  const collection = { slug: 'users' } as SanitizedCollectionConfig
  const run = (operation: string, data: unknown, req: Partial<PayloadRequest> = {}) =>
    refuseControlCharacters({
      args: { data },
      collection,
      context: {},
      operation,
      req,
    } as unknown as Parameters<typeof refuseControlCharacters>[0])

  it('refuses input with a control character as a 400 invalid_body', () => {
    let refusal: unknown
    try {
      run('login', { email: 'admin@example.test\u0000', password: 'x' })
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(AccountRequestError)
    expect((refusal as AccountRequestError).status).toBe(400)
    expect((refusal as AccountRequestError).code).toBe('invalid_body')
  })

  it('checks the request body when the request is addressed to the accounts', () => {
    const body = { data: { token: '\u0000' }, routeParams: { collection: 'users' } }
    expect(() => run('refresh', undefined, body)).toThrow(AccountRequestError)
    // Another collection's request (a post with newlines) reading accounts is not refused.
    const post = { data: { content: 'line\nline' }, routeParams: { collection: 'posts' } }
    expect(() => run('update', undefined, post)).not.toThrow()
    expect(() => run('read', { email: '\u0000' })).not.toThrow()
  })
})
