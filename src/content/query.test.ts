import { describe, expect, it } from 'vitest'

import { ApiError } from '@/http/errors'

import { PUBLIC_FIELDS, QUERY_LIMITS } from './contract'
import { parseDocumentId, parseDocumentQuery, parseListQuery } from './query'

const list = (query: string) => parseListQuery(new URLSearchParams(query), 'posts')

function problemFields(run: () => unknown): string[] {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    return (error as ApiError).details?.map((detail) => detail.field) ?? []
  }
  throw new Error('expected a 400')
}

describe('parseListQuery', () => {
  it('applies the contract defaults', () => {
    expect(list('')).toEqual({
      locale: 'all',
      depth: 1,
      limit: 10,
      page: 1,
      sort: ['-publishedAt', '-id'],
      select: [...PUBLIC_FIELDS.posts],
      slug: undefined,
    })
  })

  it('clamps limit and depth to their maximum', () => {
    expect(list('limit=101').limit).toBe(QUERY_LIMITS.limitMax)
    expect(list('limit=99999999999999999999999999').limit).toBe(100)
    expect(list('depth=4').depth).toBe(QUERY_LIMITS.depthMax)
    expect(list('limit=100&depth=3')).toMatchObject({ limit: 100, depth: 3 })
  })

  it('keeps in-range values', () => {
    expect(list('limit=1&page=7&depth=0&locale=es&sort=title')).toMatchObject({
      limit: 1,
      page: 7,
      depth: 0,
      locale: 'es',
      sort: ['title', 'id'],
    })
  })

  it('names every malformed parameter', () => {
    expect(problemFields(() => list('limit=0&page=-2&depth=x&locale=de&sort=secret'))).toEqual([
      'limit',
      'page',
      'sort',
      'locale',
      'depth',
    ])
    expect(problemFields(() => list('limit='))).toEqual(['limit'])
    expect(problemFields(() => list(`page=${QUERY_LIMITS.pageMax + 1}`))).toEqual(['page'])
    expect(problemFields(() => list('limit=1&limit=2'))).toEqual(['limit'])
  })

  it('parses select as a comma-separated list of public fields', () => {
    expect(list('select=title, slug,title').select).toEqual(['title', 'slug'])
    expect(list('select=id').select).toEqual([])
    expect(list('select=').select).toEqual([...PUBLIC_FIELDS.posts])
    expect(problemFields(() => list('select=title,internalNotes'))).toEqual(['select'])
  })

  it('accepts only the slug filter', () => {
    expect(list('where[slug][equals]=hello').slug).toBe('hello')
    expect(problemFields(() => list('where[_status][equals]=draft'))).toEqual([
      'where[_status][equals]',
    ])
    expect(problemFields(() => list('where[slug][like]=x'))).toEqual(['where[slug][like]'])
    expect(problemFields(() => list('where[slug][equals]=%00'))).toEqual(['where[slug][equals]'])
  })

  it('ignores parameters outside the contract', () => {
    expect(list('draft=true&pagination=false&trash=true&_=1')).toEqual(list(''))
  })
})

describe('parseDocumentQuery', () => {
  it('refuses list-only parameters and filters', () => {
    expect(parseDocumentQuery(new URLSearchParams('limit=5'), 'posts').depth).toBe(1)
    expect(
      problemFields(() =>
        parseDocumentQuery(new URLSearchParams('where[slug][equals]=a'), 'posts'),
      ),
    ).toEqual(['where[slug][equals]'])
  })

  it('allows case-study fields on case studies only', () => {
    expect(parseDocumentQuery(new URLSearchParams('select=client'), 'case-studies').select).toEqual(
      ['client'],
    )
    expect(
      problemFields(() => parseDocumentQuery(new URLSearchParams('select=client'), 'posts')),
    ).toEqual(['select'])
  })
})

describe('parseDocumentId', () => {
  it('accepts positive integers and maps impossible ones to null', () => {
    expect(parseDocumentId('42')).toBe(42)
    expect(parseDocumentId('2147483647')).toBe(2147483647)
    expect(parseDocumentId('2147483648')).toBeNull()
  })

  it.each(['abc', '0', '-1', '1.5', '1e3', '', ' 1', '0x10', '123456789012345678901'])(
    'refuses %j with a 400',
    (raw) => {
      expect(problemFields(() => parseDocumentId(raw))).toEqual(['id'])
    },
  )
})
