import { describe, expect, it } from 'vitest'

import { ApiError } from '@/http/errors'

import { CATEGORY_CONTRACT, PUBLIC_FIELDS, QUERY_LIMITS } from './contract'
import {
  checkAnonymousPayloadRead,
  parseDocumentId,
  parseDocumentQuery,
  parseListQuery,
  SLUG_FILTER,
} from './query'

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
      'locale',
      'limit',
      'page',
      'sort',
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

  it('says what is wrong in the words of the schema', () => {
    const messages = (query: string) => {
      try {
        list(query)
      } catch (error) {
        return Object.fromEntries(
          ((error as ApiError).details ?? []).map((detail) => [detail.field, detail.message]),
        )
      }
      throw new Error('expected a 400')
    }
    expect(
      messages('limit=abc&page=x&depth=1.5&locale=de&sort=nope&select=title,nope,also'),
    ).toEqual({
      limit: 'must be an integer of at least 1',
      page: `must be an integer from 1 to ${QUERY_LIMITS.pageMax}`,
      depth: 'must be an integer of at least 0',
      locale: 'must be "en" or "es"',
      sort: 'must be one of publishedAt, title, slug, createdAt, updatedAt, id, optionally prefixed with "-"',
      select: `unknown or non-public field(s): nope, also; selectable: id, ${PUBLIC_FIELDS.posts.join(', ')}`,
    })
    expect(messages('limit=0&page=1000001&depth=-1')).toEqual({
      limit: 'must be at least 1',
      page: `must be at most ${QUERY_LIMITS.pageMax}`,
      depth: 'must be at least 0',
    })
  })

  it('reads integers as decimal digits, leading zeros and long numbers included', () => {
    expect(list('limit=0042&page=00000000000000000000007&depth=-0')).toMatchObject({
      limit: 42,
      page: 7,
      depth: 0,
    })
    expect(problemFields(() => list('page=99999999999999999999'))).toEqual(['page'])
    expect(problemFields(() => list('limit=%2B5'))).toEqual(['limit'])
    expect(problemFields(() => list('limit=1e3'))).toEqual(['limit'])
  })

  it('counts the slug filter in characters, as JSON Schema does', () => {
    const emoji = '\u{1F600}'
    expect(list(new URLSearchParams({ [SLUG_FILTER]: emoji.repeat(200) }).toString()).slug).toBe(
      emoji.repeat(200),
    )
    expect(
      problemFields(() => list(new URLSearchParams({ [SLUG_FILTER]: 'a'.repeat(201) }).toString())),
    ).toEqual([SLUG_FILTER])
  })

  it('accepts a select field named twice, once', () => {
    expect(list('select=slug,title,slug').select).toEqual(['slug', 'title'])
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

describe('categories through the contract', () => {
  const categories = (query: string) => parseListQuery(new URLSearchParams(query), 'categories')

  it('default to alphabetical by slug, every category field, the same bounds', () => {
    expect(categories('limit=1000')).toMatchObject({
      limit: QUERY_LIMITS.limitMax,
      sort: ['slug', 'id'],
      select: [...CATEGORY_CONTRACT.fields],
    })
    expect(categories('sort=-title').sort).toEqual(['-title', '-id'])
    expect(categories('where[slug][equals]=data').slug).toBe('data')
  })

  it('refuse what posts refuse, and fields categories do not have', () => {
    expect(
      problemFields(() =>
        categories('page=-1&limit=x&where[id][equals]=abc&sort=publishedAt&select=excerpt'),
      ).sort(),
    ).toEqual(['limit', 'page', 'select', 'sort', 'where[id][equals]'])
  })
})

describe('checkAnonymousPayloadRead', () => {
  const check = (query: string) => () => checkAnonymousPayloadRead(new URLSearchParams(query))

  it('passes contract-shaped paging and filters by id', () => {
    expect(check('page=2&limit=100&depth=0&sort=-createdAt')).not.toThrow()
    expect(check('where[id][equals]=12&where[id][in]=1,2,3&where[id][not_in]=4')).not.toThrow()
    expect(check('')).not.toThrow()
  })

  it('names malformed paging, ids that are not ids and every other filter', () => {
    expect(
      problemFields(
        check(
          'page=-1&limit=abc&depth=9&where[id][in]=a&where[id][equals]=9999999999&where[id][near]=1&where[or][0][alt][near]=1,2&where[createdAt][like]=x',
        ),
      ).sort(),
    ).toEqual([
      'depth',
      'limit',
      'page',
      'where[createdAt][like]',
      'where[id][equals]',
      'where[id][in]',
      'where[id][near]',
      'where[or][0][alt][near]',
    ])
  })
})
