import { describe, expect, it } from 'vitest'

import { ApiError } from '@/http/api-error'

import { parseSearchQuery } from './query'

const parse = (query: string) => parseSearchQuery(new URLSearchParams(query))

function fieldsOf(query: string): string[] {
  try {
    parse(query)
  } catch (error) {
    if (error instanceof ApiError) return (error.details ?? []).map((detail) => detail.field)
    throw error
  }
  return []
}

describe('parseSearchQuery', () => {
  it('applies the list endpoints’ defaults, all locales when omitted', () => {
    expect(parse('q=%20cloud%20')).toEqual({ q: 'cloud', locale: 'all', limit: 10, page: 1 })
    expect(parse('q=nube&locale=es&limit=5&page=3')).toEqual({
      q: 'nube',
      locale: 'es',
      limit: 5,
      page: 3,
    })
  })

  it('clamps limit to 100 and ignores unknown parameters', () => {
    expect(parse('q=x&limit=1000&utm_source=y').limit).toBe(100)
  })

  it('counts the length in characters, not UTF-16 units', () => {
    expect(parse(`q=${encodeURIComponent('😀'.repeat(200))}`).q).toHaveLength(400)
    expect(fieldsOf(`q=${encodeURIComponent('😀'.repeat(201))}`)).toEqual(['q'])
  })

  it.each([
    ['', ['q']],
    ['q=', ['q']],
    ['q=%20', ['q']],
    ['q=a%00', ['q']],
    ['q=a&q=b', ['q']],
    ['q=a&locale=fr', ['locale']],
    ['q=a&limit=0', ['limit']],
    ['q=a&limit=-1', ['limit']],
    ['q=a&page=0', ['page']],
    ['q=a&page=1000001', ['page']],
    ['locale=xx', ['q', 'locale']],
  ])('refuses %j naming %j', (query, fields) => {
    expect(fieldsOf(query)).toEqual(fields)
  })
})
