import {
  AUTHOR_FIELD_TREE,
  PUBLIC_COLLECTIONS,
  PUBLIC_FIELD_TREES,
  QUERY_LIMITS,
  readContract,
  type PublicCollection,
  type ReadableCollection,
} from '@/content/contract'
import {
  documentQuerySchema,
  listQuerySchema,
  queryParameters,
  SLUG_FILTER,
  type QueryParameter,
} from '@/content/query-schema'
import type { PublicField } from '@/fields/public'
import type { JsonSchema } from '@/inquiries/contract'

import { errorResponse, json, parameterRef, publicOperation, ref } from './components'
import { propertiesOf } from './fields'

/**
 * The content reads (`/api/{posts,case-studies,categories}[/id]`): document schemas generated
 * from the public fields of the collections' config (`src/content/contract.ts`, `./fields.ts`),
 * query parameters from the zod schemas that parse them (`src/content/query-schema.ts`).
 */

interface Resource {
  list: string
  get: string
  /** The schema name of one item (`Post`); its list is `${name}List`. */
  name: string
  tag: string
  /** Plural and singular, as summaries say them. */
  plural: string
  singular: string
}

const RESOURCES: Record<ReadableCollection, Resource> = {
  posts: {
    list: 'listPosts',
    get: 'getPost',
    name: 'Post',
    tag: 'posts',
    plural: 'posts',
    singular: 'post',
  },
  'case-studies': {
    list: 'listCaseStudies',
    get: 'getCaseStudy',
    name: 'CaseStudy',
    tag: 'case-studies',
    plural: 'case studies',
    singular: 'case study',
  },
  categories: {
    list: 'listCategories',
    get: 'getCategory',
    name: 'Category',
    tag: 'categories',
    plural: 'categories',
    singular: 'category',
  },
}

/** The properties of a document: its `id`, then its public fields. */
function documentProperties(fields: readonly PublicField[]): Record<string, JsonSchema> {
  return {
    id: { type: 'integer', minimum: 1, description: 'Always present, whatever `select` says.' },
    ...propertiesOf(fields),
  }
}

export function documentSchema(collection: PublicCollection): JsonSchema {
  return {
    type: 'object',
    description: `A published ${RESOURCES[collection].singular}: a free-form JSON object holding (as \`select\` asks) these public fields.`,
    required: ['id'],
    properties: documentProperties(PUBLIC_FIELD_TREES[collection]),
    additionalProperties: true,
  }
}

/** A category: its public fields (`CATEGORY_CONTRACT`), as `select` asks. */
export function categorySchema(): JsonSchema {
  return {
    type: 'object',
    description: 'A category of posts and case studies, holding (as `select` asks) these fields.',
    required: ['id'],
    properties: documentProperties(PUBLIC_FIELD_TREES.categories),
    additionalProperties: true,
  }
}

function listSchema(item: string, description = 'One page of published documents.'): JsonSchema {
  return {
    type: 'object',
    description,
    required: ['docs', 'totalDocs', 'limit', 'page', 'totalPages', 'hasNextPage', 'hasPrevPage'],
    additionalProperties: false,
    properties: {
      docs: { type: 'array', items: ref(item) },
      totalDocs: { type: 'integer', minimum: 0 },
      // The value applied: a larger `limit` asked for is treated as the maximum.
      limit: { type: 'integer', minimum: 1, maximum: QUERY_LIMITS.limitMax },
      page: { type: 'integer', minimum: 1, maximum: QUERY_LIMITS.pageMax },
      totalPages: { type: 'integer', minimum: 0 },
      hasNextPage: { type: 'boolean' },
      hasPrevPage: { type: 'boolean' },
    },
  }
}

/**
 * The component name of a query parameter. Parameters that read the same on every collection
 * share one (`Limit`); `sort` and `select` differ by collection (`Sort` for documents,
 * `CategorySort`, or a collection's own where its sortable fields differ; `PostSelect`…).
 */
function componentName(collection: ReadableCollection, parameter: string): string {
  if (parameter === SLUG_FILTER) return 'SlugFilter'
  if (parameter === 'select') return `${RESOURCES[collection].name}Select`
  if (parameter === 'sort') {
    // One `Sort` while the document lists sort on the same fields; a collection's own otherwise.
    const shared =
      collection !== 'categories' &&
      readContract(collection).sortable.join() === readContract('posts').sortable.join()
    return shared ? 'Sort' : `${RESOURCES[collection].name}Sort`
  }
  return parameter.charAt(0).toUpperCase() + parameter.slice(1)
}

/**
 * How a list parameter (`select`) is sent, in both forms the server reads: OpenAPI's default for an
 * array (`style: form`, `explode: true`: the parameter repeated), which generated clients such as
 * openapi-fetch send, and one comma-separated value, which people type. The schema can state only
 * one style, so it states the clients' and the description adds the other.
 */
function listForms(name: string): string {
  return `Send the names in one comma-separated value (\`${name}=title,slug\`), repeat the parameter (\`${name}=title&${name}=slug\`, how OpenAPI clients send an array), or both.`
}

function parameterObject(parameter: QueryParameter) {
  return {
    name: parameter.name,
    in: 'query',
    required: false,
    description: parameter.list
      ? `${parameter.description} ${listForms(parameter.name)}`
      : parameter.description,
    schema: parameter.schema,
    ...(parameter.list ? { style: 'form', explode: true } : {}),
  }
}

const READABLE: readonly ReadableCollection[] = [...PUBLIC_COLLECTIONS, 'categories']

/** Each collection's list and document parameters, as component names, in the schemas' order. */
function queryComponents() {
  const components: Record<string, ReturnType<typeof parameterObject>> = {}
  const names = (collection: ReadableCollection, parameters: QueryParameter[]) =>
    parameters.map((parameter) => {
      const name = componentName(collection, parameter.name)
      const object = parameterObject(parameter)
      const known = components[name]
      if (known && JSON.stringify(known) !== JSON.stringify(object)) {
        throw new Error(`openapi: the parameter component "${name}" differs between collections`)
      }
      components[name] = object
      return name
    })
  const operations = Object.fromEntries(
    READABLE.map((collection) => [
      collection,
      {
        list: names(collection, queryParameters(listQuerySchema(collection))),
        document: names(collection, queryParameters(documentQuerySchema(collection))),
      },
    ]),
  ) as Record<ReadableCollection, { list: string[]; document: string[] }>
  return { components, operations }
}

const LIST_DESCRIPTIONS: Record<ReadableCollection, string> = {
  posts:
    'Published posts only, newest first unless `sort` says otherwise. Parameters outside the contract are ignored; filters other than the slug filter are refused (400).',
  'case-studies':
    'Published case studies only, newest first unless `sort` says otherwise. Parameters outside the contract are ignored; filters other than the slug filter are refused (400).',
  categories:
    'Every category, alphabetical by slug unless `sort` says otherwise, with the same parameters, bounds and errors as the document lists.',
}

const DOCUMENT_DESCRIPTIONS: Record<ReadableCollection, string> = {
  posts:
    'One published post by its id, with the same `locale`, `depth` and `select` as the list. A draft, or an id that does not exist, is a 404 alike.',
  'case-studies':
    'One published case study by its id, with the same `locale`, `depth` and `select` as the list. A draft, or an id that does not exist, is a 404 alike.',
  categories: 'One category by its id, with the same `locale`, `depth` and `select` as the list.',
}

function collectionPaths(
  collection: ReadableCollection,
  query: { list: string[]; document: string[] },
) {
  const { list, get, name, tag, plural, singular } = RESOURCES[collection]
  const isCategory = collection === 'categories'
  return {
    [`/api/${collection}`]: {
      get: {
        operationId: list,
        tags: [tag],
        summary: isCategory ? 'List categories' : `List published ${plural}`,
        description: LIST_DESCRIPTIONS[collection],
        ...publicOperation(),
        parameters: query.list.map(parameterRef),
        responses: {
          '200': {
            description: isCategory ? 'A page of categories.' : `A page of published ${plural}.`,
            content: json(ref(`${name}List`)),
          },
          ...errorResponse('invalid_parameter', 'A malformed parameter; `details` names each one.'),
        },
      },
    },
    [`/api/${collection}/{id}`]: {
      get: {
        operationId: get,
        tags: [tag],
        summary: isCategory ? 'Get one category' : `Get one published ${singular}`,
        description: DOCUMENT_DESCRIPTIONS[collection],
        ...publicOperation(),
        parameters: [parameterRef('DocumentId'), ...query.document.map(parameterRef)],
        responses: {
          '200': {
            description: isCategory ? 'The category.' : 'The document.',
            content: json(ref(name)),
          },
          ...errorResponse('invalid_parameter', 'A malformed id or parameter.'),
          ...errorResponse(
            'not_found',
            isCategory ? 'No such category.' : 'No such document, or it is not published.',
          ),
        },
      },
    },
  }
}

export function contentPaths() {
  const { operations } = queryComponents()
  return Object.assign(
    {},
    ...READABLE.map((collection) => collectionPaths(collection, operations[collection])),
  ) as Record<string, unknown>
}

export function contentParameters() {
  return {
    ...queryComponents().components,
    DocumentId: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'The document id.',
      schema: { type: 'integer', minimum: 1 },
    },
  }
}

export function contentSchemas(): Record<string, JsonSchema> {
  return {
    ...Object.fromEntries(
      PUBLIC_COLLECTIONS.flatMap((collection) => {
        const { name } = RESOURCES[collection]
        return [
          [name, documentSchema(collection)],
          [`${name}List`, listSchema(name)],
        ]
      }),
    ),
    RichText: {
      type: 'object',
      description: 'Rich text as a Lexical editor state (JSON).',
      required: ['root'],
      properties: { root: { type: 'object' } },
      additionalProperties: true,
    },
  }
}

export function categorySchemas(): Record<string, JsonSchema> {
  return {
    Category: categorySchema(),
    CategoryList: listSchema('Category', 'One page of categories.'),
    // A document's `author`, populated at a depth: a member of the firm's team.
    Person: {
      type: 'object',
      description: "A member of the firm's team: the author of a post or case study.",
      required: ['id'],
      properties: documentProperties(AUTHOR_FIELD_TREE),
      additionalProperties: true,
    },
  }
}
