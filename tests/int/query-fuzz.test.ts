import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'

import { get } from '../support/api'
import {
  createCategory,
  createDocument,
  createImage,
  type PublicCollection,
} from '../support/factories'
import { fuzzSeed } from '../support/fuzz-seed'

const KEYS = [
  'locale',
  'limit',
  'page',
  'sort',
  'depth',
  'select',
  'draft',
  'pagination',
  'where[slug][equals]',
  'where[_status][equals]',
  'where[title][like]',
  'where[or][0][slug][equals]',
  'where',
  'populate[media]',
  'joins',
  'trash',
  'fallback-locale',
]
const VALUES = [
  '0',
  '1',
  '-1',
  '3',
  '9',
  '100',
  '101',
  '1e3',
  '1.5',
  '99999999999999999999',
  'NaN',
  'true',
  'false',
  'en',
  'es',
  'all',
  'fr',
  'title',
  '-title',
  'publishedAt',
  '-publishedAt',
  '--publishedAt',
  'id',
  'internalNotes',
  '_status',
  'title,slug',
  ',',
  '',
  ' ',
  '%',
  '%00',
  '../',
  "'",
  '"',
  '[]',
  '{}',
]

const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 }))
const value = fc.oneof(
  fc.constantFrom(...VALUES),
  fc.string({ maxLength: 24 }),
  fc.integer().map(String),
)
const pair = fc
  .tuple(key, value, fc.boolean())
  .map(([k, v, encode]) =>
    encode
      ? `${encodeURIComponent(k)}=${encodeURIComponent(v)}`
      : `${k}=${v}`.replace(/[#\s]/g, ''),
  )
const queryString = fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('&'))

async function expectNo5xx(path: string): Promise<void> {
  const response = await get(path)
  const text = await response.text()
  expect(response.status, `${path} -> ${text.slice(0, 200)}`).toBeLessThan(500)
  expect(() => JSON.parse(text), `${path} answered non-JSON`).not.toThrow()
}

describe.each<PublicCollection>(['posts', 'case-studies'])(
  'random queries against /api/%s',
  (collection) => {
    beforeAll(async () => {
      // Real rows, so that sorting, selecting and populating have something to work on.
      const coverImage = (await createImage('Fuzz')).id
      const categories = [await createCategory({ en: 'Fuzz', es: 'Difuso' })]
      for (const status of ['published', 'published', 'draft'] as const) {
        await createDocument(collection, { status, coverImage, categories, internalNotes: 'x' })
      }
    })

    it('never see a 5xx on the list endpoint', async () => {
      await fc.assert(
        fc.asyncProperty(queryString, (query) => expectNo5xx(`/api/${collection}?${query}`)),
        { numRuns: 150, seed: fuzzSeed(20_261_124) },
      )
    })

    it('never see a 5xx on the single-document endpoint', async () => {
      const id = fc.oneof(
        fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
        fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
      )
      await fc.assert(
        fc.asyncProperty(id, queryString, (rawId, query) =>
          expectNo5xx(`/api/${collection}/${rawId}?${query}`),
        ),
        { numRuns: 100, seed: fuzzSeed(20_261_125) },
      )
    })
  },
)
