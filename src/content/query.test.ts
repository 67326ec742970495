import { describe, expect, it } from 'vitest'

import { ApiError } from '@/http/errors'

import { CATEGORY_CONTRACT, PUBLIC_FIELDS, QUERY_LIMITS } from './contract'
import {
  checkAnonymousPayloadRead,
  parseDocumentId,
  parseDocumentQuery,
  parseListQuery,
  parsePayloadQuery,
  PAYLOAD_QUERY_OPTIONS,
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

describe('the query read as Payload reads it', () => {
  const check = (query: string) => () => checkAnonymousPayloadRead(new URLSearchParams(query))

  it('parses with the options of Payload’s REST handler', () => {
    expect(PAYLOAD_QUERY_OPTIONS).toEqual({
      allowEmptyArrays: true,
      arrayLimit: 1000,
      depth: 10,
      ignoreQueryPrefix: true,
    })
    expect(parsePayloadQuery('?[where][filename][like]=x&limit[]=5')).toEqual({
      where: { filename: { like: 'x' } },
      limit: ['5'],
    })
  })

  it('refuses a filter spelled with a leading bracket, as the plain spelling is', () => {
    expect(problemFields(check('[where][filename][like]=x'))).toEqual(['where[filename][like]'])
    expect(problemFields(check('%5Bwhere%5D%5Bfilename%5D%5Blike%5D=x'))).toEqual([
      'where[filename][like]',
    ])
    expect(problemFields(() => list('[where][title][like]=x'))).toEqual(['where[title][like]'])
    expect(problemFields(() => list('[where][or][0][title][like]=x'))).toEqual([
      'where[or][0][title][like]',
    ])
    expect(list('[where][slug][equals]=hello').slug).toBe('hello')
  })

  it('refuses a filter Payload would read from JSON', () => {
    expect(problemFields(check('where={"filename":{"like":"x"}}'))).toEqual(['where'])
    expect(problemFields(check('[where]={"filename":{"like":"x"}}'))).toEqual(['where'])
    expect(problemFields(() => list('where={"title":{"like":"x"}}'))).toEqual(['where'])
  })

  it('checks paging however it is spelled', () => {
    expect(problemFields(check('[limit]=-1&[page]=0&[depth]=9'))).toEqual([
      'limit',
      'page',
      'depth',
    ])
    expect(problemFields(check('limit[]=5'))).toEqual(['limit'])
    expect(problemFields(check('limit=5&[limit]=6'))).toEqual(['limit'])
    expect(problemFields(check('limit[a]=5'))).toEqual(['limit'])
    expect(list('[limit]=5').limit).toBe(5)
    expect(problemFields(() => list('limit=5&[limit]=6'))).toEqual(['limit'])
    expect(problemFields(() => list('limit[a]=5'))).toEqual(['limit'])
  })

  it('keeps anonymous media reads paged', () => {
    expect(problemFields(check('pagination=false'))).toEqual(['pagination'])
    expect(problemFields(check('[pagination]=false'))).toEqual(['pagination'])
    expect(check('pagination=true')).not.toThrow()
  })

  it('takes several ids only where the operator takes a list', () => {
    expect(check('where[id][in]=1&where[id][in]=2,3&where[id][not_in][0]=4')).not.toThrow()
    expect(problemFields(check('where[id][equals]=1&where[id][equals]=2'))).toEqual([
      'where[id][equals]',
    ])
    expect(problemFields(check('where[id][in][]'))).toEqual(['where[id][in]'])
  })
})

describe('select, in either of the forms clients send a list', () => {
  it('reads the key given once per field as the comma-separated list', () => {
    expect(list('select=title&select=slug').select).toEqual(['title', 'slug'])
    expect(list('select[]=title&select[]=slug').select).toEqual(['title', 'slug'])
    expect(list('select=title,slug&select=excerpt').select).toEqual(['title', 'slug', 'excerpt'])
    expect(list('select=title&select=title').select).toEqual(['title'])
    expect(list('select=&select=').select).toEqual([...PUBLIC_FIELDS.posts])
    expect(
      parseDocumentQuery(new URLSearchParams('select=title&select=slug'), 'posts').select,
    ).toEqual(['title', 'slug'])
  })

  it('names unknown fields in either form', () => {
    expect(problemFields(() => list('select=title&select=internalNotes'))).toEqual(['select'])
    expect(problemFields(() => list('select[title]=true'))).toEqual(['select'])
  })
})
