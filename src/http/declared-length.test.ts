import type { OutgoingHttpHeaders } from 'node:http'

import { describe, expect, it } from 'vitest'

import { DECLARED_LENGTH_HEADER, withDeclaredLength } from './declared-length'

const headersAfter = (headers: OutgoingHttpHeaders) =>
  withDeclaredLength({ status: 200, headers }).headers

describe('withDeclaredLength', () => {
  it('turns the declared length into Content-Length, and hides the internal header', () => {
    expect(headersAfter({ [DECLARED_LENGTH_HEADER]: '5', 'content-type': 'text/plain' })).toEqual({
      'content-length': '5',
      'content-type': 'text/plain',
    })
  })

  it('leaves re-encoded bodies and malformed values alone, still hiding the header', () => {
    expect(headersAfter({ [DECLARED_LENGTH_HEADER]: '5', 'content-encoding': 'gzip' })).toEqual({
      'content-encoding': 'gzip',
    })
    expect(headersAfter({ [DECLARED_LENGTH_HEADER]: '5x' })).toEqual({})
  })

  it('returns the same head when nothing was declared', () => {
    const head = { status: 200, headers: { 'content-type': 'text/plain' } }
    expect(withDeclaredLength(head)).toBe(head)
  })
})
