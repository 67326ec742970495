import { z } from 'zod'

import { DEFAULT_LOCALE, LOCALES } from '@/i18n/locales'

import {
  PUBLIC_COLLECTIONS,
  QUERY_LIMITS,
  readContract,
  type ReadableCollection,
  type ReadContract,
} from './contract'

/**
 * The query parameters of the public reads, defined once: these zod schemas parse every
 * anonymous request (src/content/query.ts) and, as JSON Schema (`io: 'input'`), are the
 * parameters of the OpenAPI document. Each parameter takes the raw value of the URL and
 * decodes it as OpenAPI serializes it (integers in decimal, arrays comma-separated), so the
 * generated schema describes the decoded value and the parse checks exactly that schema.
 *
 * What the server clamps is documented as such, without a `maximum` (docs/decisions.md: values
 * above the maximum are treated as the maximum); what it refuses is a `minimum`/`maximum`/`enum`.
 */

export const SLUG_FILTER = 'where[slug][equals]'
export const CATEGORY_FILTER = 'category'

/** What a category slug looks like (src/fields/slug.ts makes them so). */
const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export type JsonSchema = Record<string, unknown>

/** C0, DEL and C1: `\p{Cc}`, spelled out so that every JSON Schema regex dialect reads it. */
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/

/**
 * An integer as written in a URL (`42`, `-1`, `0042`); anything else stays a string and is
 * refused as not an integer. A number longer than a double holds exactly is beyond every bound,
 * so it becomes the largest safe integer (with its sign) and is clamped or refused as such.
 */
function decodeInteger(value: unknown): unknown {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return value
  const digits = value.replace(/^-?0*(?=\d)/, '')
  const magnitude = digits.length > 15 ? Number.MAX_SAFE_INTEGER : Number(digits)
  return value.startsWith('-') && magnitude !== 0 ? -magnitude : magnitude
}

/**
 * A list as clients send one: `form` style, not exploded (`title,slug`), or exploded, the key
 * given once per item (`select=title&select=slug`, what openapi-fetch sends by default); the two
 * mix. Spaces around names are ignored; a value that is only spaces adds no item, and no items at
 * all is the parameter omitted.
 */
function decodeList(value: unknown): unknown {
  const given = typeof value === 'string' ? [value] : value
  if (!Array.isArray(given) || !given.every((item) => typeof item === 'string')) return value
  const items = given.filter((item) => item.trim() !== '')
  if (items.length === 0) return undefined
  return items.flatMap((item) => item.split(',')).map((name) => name.trim())
}

interface IntegerBounds {
  min: number
  /** Refused above (400). */
  max?: number
  /** Treated as this value above it (not refused). */
  clampTo?: number
  fallback: number
  description?: string
}

export function integerParameter(bounds: IntegerBounds) {
  const { min, max, clampTo, fallback } = bounds
  const range = max === undefined ? `of at least ${min}` : `from ${min} to ${max}`
  let value = z.int({ error: `must be an integer ${range}` }).min(min, `must be at least ${min}`)
  if (max !== undefined) value = value.max(max, `must be at most ${max}`)
  const applied = value
    .default(fallback)
    .transform((given) => (clampTo === undefined ? given : Math.min(given, clampTo)))
  const decoded = z.preprocess(decodeInteger, applied)
  return bounds.description ? decoded.meta({ description: bounds.description }) : decoded
}

const localeParameter = () =>
  z
    .enum(LOCALES, {
      error: `must be ${LOCALES.map((locale) => JSON.stringify(locale)).join(' or ')}`,
    })
    .optional()
    // Omitted: every locale (localized fields become one value per locale).
    .transform((locale) => locale ?? ('all' as const))
    .meta({
      description: `Content locale. A value missing in that locale falls back to the default locale's, so a document not yet translated is returned with its ${DEFAULT_LOCALE} texts (the site itself does not list it in that language). Omitted: every locale, and localized fields become \`{ ${LOCALES.map((locale) => `"${locale}": …`).join(', ')} }\`.`,
    })

const slugFilterParameter = () =>
  z
    .string()
    // Counted in characters (code points), as JSON Schema's `maxLength` counts them.
    .refine((slug) => [...slug].length <= QUERY_LIMITS.slugMaxLength, {
      message: `must be at most ${QUERY_LIMITS.slugMaxLength} characters`,
    })
    // PostgreSQL can't compare text containing NUL (it would answer an error, not "no match").
    .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters')
    .meta({
      maxLength: QUERY_LIMITS.slugMaxLength,
      description: 'Only the document with this slug (an empty list when there is none).',
    })
    .optional()

const categoryFilterParameter = () =>
  z
    .string()
    .regex(CATEGORY_SLUG, 'must be a category slug: lower-case letters, digits and hyphens')
    .refine((slug) => slug.length <= QUERY_LIMITS.slugMaxLength, {
      message: `must be at most ${QUERY_LIMITS.slugMaxLength} characters`,
    })
    .meta({
      maxLength: QUERY_LIMITS.slugMaxLength,
      description:
        'Only documents in the category with this slug (an empty list when there is none or it has no published documents).',
    })
    .optional()

const limitParameter = () =>
  integerParameter({
    min: 1,
    clampTo: QUERY_LIMITS.limitMax,
    fallback: QUERY_LIMITS.limitDefault,
    description: `Page size, ${QUERY_LIMITS.limitDefault} by default. Values above ${QUERY_LIMITS.limitMax} are treated as ${QUERY_LIMITS.limitMax} (the envelope's \`limit\` shows the value applied).`,
  })

const pageParameter = () =>
  integerParameter({
    min: 1,
    max: QUERY_LIMITS.pageMax,
    fallback: 1,
    description: 'Page number.',
  })

const depthParameter = () =>
  integerParameter({
    min: 0,
    clampTo: QUERY_LIMITS.depthMax,
    fallback: QUERY_LIMITS.depthDefault,
    description: `How deep relationships (cover image, categories, SEO image) are populated, ${QUERY_LIMITS.depthDefault} by default. Values above ${QUERY_LIMITS.depthMax} are treated as ${QUERY_LIMITS.depthMax}.`,
  })

/** The caller's order first, then a unique tie-breaker, which keeps pages stable. */
function withTieBreaker(sort: string): string[] {
  if (sort === 'id' || sort === '-id') return [sort]
  return [sort, sort.startsWith('-') ? '-id' : 'id']
}

const sortParameter = (contract: ReadContract) =>
  z
    .enum(contract.sortable.flatMap((field) => [field, `-${field}`]) as [string, ...string[]], {
      error: `must be one of ${contract.sortable.join(', ')}, optionally prefixed with "-"`,
    })
    .default(contract.defaultSort)
    .transform(withTieBreaker)
    .meta({
      description:
        'Sort field; a leading `-` means descending. Ties are broken by `id`. `title` sorts by ' +
        'the titles in `locale`, or in the default locale when `locale` is omitted.',
    })

/** Issues of `select` items are gathered into one message (see `selectProblem`). */
const selectParameter = (collection: ReadableCollection, contract: ReadContract) => {
  const what = collection === 'categories' ? 'fields' : 'public fields'
  return z
    .preprocess(
      decodeList,
      z
        .array(z.enum(['id', ...contract.fields] as [string, ...string[]]))
        .optional()
        // `id` is always returned; a name given twice counts once.
        .transform((names) =>
          names === undefined
            ? [...contract.fields]
            : [...new Set(names)].filter((name) => name !== 'id'),
        ),
    )
    .meta({
      description: `The ${what} to return (\`id\` always is). Omitted or empty: every ${what.replace(/s$/, '')}. A name given twice counts once; spaces around names are ignored.`,
    })
}

function documentShape(collection: ReadableCollection) {
  const contract = readContract(collection)
  return {
    locale: localeParameter(),
    depth: depthParameter(),
    select: selectParameter(collection, contract),
  }
}

function listShape(collection: ReadableCollection) {
  const contract = readContract(collection)
  const { locale, depth, select } = documentShape(collection)
  return {
    locale,
    [SLUG_FILTER]: slugFilterParameter(),
    // Categories themselves are not in categories.
    ...(collection === 'categories' ? {} : { [CATEGORY_FILTER]: categoryFilterParameter() }),
    limit: limitParameter(),
    page: pageParameter(),
    sort: sortParameter(contract),
    depth,
    select,
  }
}

const makeListSchema = (collection: ReadableCollection) => z.object(listShape(collection))
const makeDocumentSchema = (collection: ReadableCollection) => z.object(documentShape(collection))

export type ListQuerySchema = ReturnType<typeof makeListSchema>
export type DocumentQuerySchema = ReturnType<typeof makeDocumentSchema>

const READABLE: readonly ReadableCollection[] = [...PUBLIC_COLLECTIONS, 'categories']
const LIST_SCHEMAS = new Map(READABLE.map((collection) => [collection, makeListSchema(collection)]))
const DOCUMENT_SCHEMAS = new Map(
  READABLE.map((collection) => [collection, makeDocumentSchema(collection)]),
)

/** The parameters of `GET /api/{collection}`, in the order the OpenAPI document lists them. */
export function listQuerySchema(collection: ReadableCollection): ListQuerySchema {
  return LIST_SCHEMAS.get(collection)!
}

/** The parameters of `GET /api/{collection}/{id}`. */
export function documentQuerySchema(collection: ReadableCollection): DocumentQuerySchema {
  return DOCUMENT_SCHEMAS.get(collection)!
}

/** One query parameter as the OpenAPI document states it. */
export interface QueryParameter {
  name: string
  description: string
  /** JSON Schema 2020-12 of the decoded value (what a client means to send). */
  schema: JsonSchema
  /** An array: comma-separated in one value, the parameter repeated, or both (`decodeList`). */
  list: boolean
}

/** The order keywords are written in, so the document reads the same however zod orders them. */
const KEYWORD_ORDER = [
  'type',
  'items',
  'enum',
  'minimum',
  'maximum',
  'maxLength',
  'pattern',
  'default',
]

function ordered(schema: JsonSchema): JsonSchema {
  const keys = Object.keys(schema).sort(
    (a, b) =>
      (KEYWORD_ORDER.indexOf(a) + 1 || KEYWORD_ORDER.length + 1) -
      (KEYWORD_ORDER.indexOf(b) + 1 || KEYWORD_ORDER.length + 1),
  )
  return Object.fromEntries(
    keys.map((key) => {
      const value = schema[key]
      return [key, key === 'items' ? ordered(value as JsonSchema) : value]
    }),
  )
}

/** The parameters of a query schema as JSON Schema of what a client sends (`io: 'input'`). */
export function queryParameters(schema: z.ZodObject): QueryParameter[] {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    // `z.int()` says it holds safe integers; longer numbers are decoded to the largest one, so
    // that bound is no limit a client meets (a clamped parameter has none).
    override: ({ jsonSchema }) => {
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum
    },
  }) as { properties: Record<string, JsonSchema> }
  return Object.entries(json.properties).map(([name, property]) => {
    const { description, ...rest } = property
    return {
      name,
      description: String(description ?? ''),
      schema: ordered(rest),
      list: rest.type === 'array',
    }
  })
}
