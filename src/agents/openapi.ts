import {
  PUBLIC_COLLECTIONS,
  PUBLIC_FIELDS,
  QUERY_LIMITS,
  SORTABLE_FIELDS,
  type PublicCollection,
} from '@/content/contract'
import { SLUG_PATTERN } from '@/fields/slug'
import { ERROR_STATUS, type ErrorCode } from '@/http/errors'
import { LOCALES } from '@/i18n/locales'
import { absoluteUrl } from '@/markdown/site'
import { SITE } from '@/site/config'
import { paths } from '@/site/routes'

import { inquiryRequestSchema, INQUIRY_LIMITS, type JsonSchema } from './inquiry-contract'
import { AGENT_PATHS } from './paths'

/**
 * `/openapi.json`: the public interface of spec section 4 as OpenAPI 3.1.0, generated from the
 * code's own contracts — the public fields and query bounds (`src/content/contract.ts`), the
 * inquiry zod schema, the body limit and budgets, and the error code table — so it cannot drift
 * from what the server does. Only public operations appear; nothing private (GraphQL, users,
 * admin, writes for editors) is described.
 */

export const OPENAPI_VERSION = '3.1.0'
export const API_VERSION = '1.0.0'

const OPERATIONS: Record<
  PublicCollection,
  { list: string; get: string; name: string; tag: string }
> = {
  posts: { list: 'listPosts', get: 'getPost', name: 'Post', tag: 'posts' },
  'case-studies': {
    list: 'listCaseStudies',
    get: 'getCaseStudy',
    name: 'CaseStudy',
    tag: 'case-studies',
  },
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` })
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` })

/** A localized field: the value in the requested locale, or with `locale` omitted one per locale. */
function localized(schema: JsonSchema): JsonSchema {
  return {
    anyOf: [
      schema,
      {
        type: 'object',
        description: 'With `locale` omitted: the value in each locale.',
        propertyNames: { enum: [...LOCALES] },
        additionalProperties: { anyOf: [schema, { type: 'null' }] },
      },
    ],
  }
}

/** An upload or relationship: the id (depth 0, or not readable), the populated document, or null. */
const relation = (name: string): JsonSchema => ({
  anyOf: [{ type: 'integer' }, ref(name), { type: 'null' }],
})

/**
 * The schema of each public field. Every field of `PUBLIC_FIELDS` must be here (the generator
 * throws otherwise, and a unit test runs it), so a newly public field cannot go undocumented.
 */
const FIELD_SCHEMAS: Record<string, JsonSchema> = {
  title: localized({ type: 'string' }),
  slug: {
    type: 'string',
    pattern: SLUG_PATTERN.source,
    description: 'URL segment, shared by every locale.',
  },
  excerpt: localized({ type: ['string', 'null'] }),
  content: localized({ anyOf: [ref('RichText'), { type: 'null' }] }),
  publishedAt: { type: ['string', 'null'], format: 'date-time' },
  coverImage: relation('Media'),
  categories: { type: ['array', 'null'], items: { anyOf: [{ type: 'integer' }, ref('Category')] } },
  meta: {
    type: 'object',
    description: 'SEO metadata.',
    properties: {
      title: localized({ type: ['string', 'null'] }),
      description: localized({ type: ['string', 'null'] }),
      image: relation('Media'),
    },
    additionalProperties: true,
  },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
  client: { type: ['string', 'null'], description: 'The client, as it may be named publicly.' },
  industry: localized({ type: ['string', 'null'] }),
}

export function documentSchema(collection: PublicCollection): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    id: { type: 'integer', minimum: 1, description: 'Always present, whatever `select` says.' },
  }
  for (const field of PUBLIC_FIELDS[collection]) {
    const schema = FIELD_SCHEMAS[field]
    if (!schema) throw new Error(`openapi: no schema for the public field "${field}"`)
    properties[field] = schema
  }
  return {
    type: 'object',
    description: `A published ${collection === 'posts' ? 'post' : 'case study'}: a free-form JSON object holding (as \`select\` asks) these public fields.`,
    required: ['id'],
    properties,
    additionalProperties: true,
  }
}

function listSchema(item: string): JsonSchema {
  return {
    type: 'object',
    description: 'One page of published documents.',
    required: ['docs', 'totalDocs', 'limit', 'page', 'totalPages', 'hasNextPage', 'hasPrevPage'],
    additionalProperties: false,
    properties: {
      docs: { type: 'array', items: ref(item) },
      totalDocs: { type: 'integer', minimum: 0 },
      limit: { type: 'integer', minimum: 1, maximum: QUERY_LIMITS.limitMax },
      page: { type: 'integer', minimum: 1, maximum: QUERY_LIMITS.pageMax },
      totalPages: { type: 'integer', minimum: 0 },
      hasNextPage: { type: 'boolean' },
      hasPrevPage: { type: 'boolean' },
    },
  }
}

/** `invalid_parameter` → `InvalidParameterError`. */
export function errorSchemaName(code: ErrorCode): string {
  return `${code.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())}Error`
}

function errorSchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {
    ErrorDetail: {
      type: 'object',
      required: ['field', 'message'],
      additionalProperties: false,
      properties: {
        field: { type: 'string', description: 'The parameter or field at fault.' },
        message: { type: 'string' },
      },
    },
    Error: {
      type: 'object',
      description: 'Every error response of the public interface.',
      required: ['error'],
      additionalProperties: false,
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          additionalProperties: false,
          properties: {
            code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
            message: { type: 'string' },
            details: { type: 'array', minItems: 1, items: ref('ErrorDetail') },
          },
        },
      },
    },
  }
  for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
    schemas[errorSchemaName(code)] = {
      description: `The error with code \`${code}\` (HTTP ${ERROR_STATUS[code]}).`,
      allOf: [
        ref('Error'),
        {
          type: 'object',
          properties: { error: { type: 'object', properties: { code: { const: code } } } },
        },
      ],
    }
  }
  return schemas
}

function errorResponse(code: ErrorCode, description: string, headers?: Record<string, unknown>) {
  return {
    [String(ERROR_STATUS[code])]: {
      description,
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: ref(errorSchemaName(code)) } },
    },
  }
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } })

function parameters() {
  const query = (name: string, description: string, schema: JsonSchema, extra = {}) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema,
    ...extra,
  })
  const header = (name: string, description: string) => ({
    name,
    in: 'header',
    required: false,
    description,
    schema: { type: 'string' },
  })
  const sortValues = SORTABLE_FIELDS.flatMap((field) => [field, `-${field}`])
  return {
    Locale: query(
      'locale',
      'Content locale. Omitted: every locale, and localized fields become `{ "en": …, "es": … }`.',
      { type: 'string', enum: [...LOCALES] },
    ),
    Limit: query(
      'limit',
      `Page size, ${QUERY_LIMITS.limitDefault} by default. Larger values than ${QUERY_LIMITS.limitMax} are clamped to ${QUERY_LIMITS.limitMax} (the envelope's \`limit\` shows the value applied).`,
      {
        type: 'integer',
        minimum: 1,
        maximum: QUERY_LIMITS.limitMax,
        default: QUERY_LIMITS.limitDefault,
      },
    ),
    Page: query('page', 'Page number.', {
      type: 'integer',
      minimum: 1,
      maximum: QUERY_LIMITS.pageMax,
      default: 1,
    }),
    Sort: query('sort', 'Sort field; a leading `-` means descending. Ties are broken by `id`.', {
      type: 'string',
      enum: sortValues,
      default: QUERY_LIMITS.defaultSort,
    }),
    Depth: query(
      'depth',
      `How deep relationships (cover image, categories, SEO image) are populated. Larger values than ${QUERY_LIMITS.depthMax} are clamped.`,
      {
        type: 'integer',
        minimum: 0,
        maximum: QUERY_LIMITS.depthMax,
        default: QUERY_LIMITS.depthDefault,
      },
    ),
    SlugFilter: query('where[slug][equals]', 'Only the document with this slug.', {
      type: 'string',
      maxLength: QUERY_LIMITS.slugMaxLength,
    }),
    ...Object.fromEntries(
      PUBLIC_COLLECTIONS.map((collection) => [
        `${OPERATIONS[collection].name}Select`,
        query(
          'select',
          'Comma-separated public fields to return (`id` always is). Omitted: every public field.',
          {
            type: 'array',
            uniqueItems: true,
            items: { type: 'string', enum: ['id', ...PUBLIC_FIELDS[collection]] },
          },
          { style: 'form', explode: false },
        ),
      ]),
    ),
    DocumentId: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'The document id.',
      schema: { type: 'integer', minimum: 1 },
    },
    Filename: {
      name: 'filename',
      in: 'path',
      required: true,
      description: 'The file name of a media file or of one of its generated sizes.',
      schema: { type: 'string', minLength: 1 },
    },
    Range: header('Range', 'One byte range, e.g. `bytes=0-1023`.'),
    IfRange: header('If-Range', 'Apply `Range` only if the file still has this ETag or date.'),
    IfNoneMatch: header('If-None-Match', 'A 304 when the file still has one of these ETags.'),
    IfModifiedSince: header('If-Modified-Since', 'A 304 when the file has not changed since.'),
    IfMatch: header('If-Match', 'A 412 unless the file has one of these ETags.'),
    IfUnmodifiedSince: header('If-Unmodified-Since', 'A 412 when the file changed since.'),
  }
}

function headers() {
  const text = (description: string) => ({ description, schema: { type: 'string' } })
  return {
    RetryAfter: {
      description: 'Seconds to wait before trying again.',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    },
    ETag: text('Strong entity tag of the file.'),
    LastModified: text('When the file was stored (HTTP-date).'),
    AcceptRanges: text('`bytes`: single byte ranges are supported.'),
    ContentRange: text(
      'The range sent, e.g. `bytes 0-1023/4096`, or `bytes */4096` when unsatisfiable.',
    ),
  }
}

function collectionPaths(collection: PublicCollection) {
  const { list, get, name, tag } = OPERATIONS[collection]
  const label = collection === 'posts' ? 'posts' : 'case studies'
  return {
    [`/api/${collection}`]: {
      get: {
        operationId: list,
        tags: [tag],
        summary: `List published ${label}`,
        description: `Published ${label} only, newest first unless \`sort\` says otherwise. Parameters outside the contract are ignored; filters other than the slug filter are refused (400).`,
        parameters: [
          parameterRef('Locale'),
          parameterRef('SlugFilter'),
          parameterRef('Limit'),
          parameterRef('Page'),
          parameterRef('Sort'),
          parameterRef('Depth'),
          parameterRef(`${name}Select`),
        ],
        responses: {
          '200': {
            description: `A page of published ${label}.`,
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
        summary: `Get one published ${collection === 'posts' ? 'post' : 'case study'}`,
        parameters: [
          parameterRef('DocumentId'),
          parameterRef('Locale'),
          parameterRef('Depth'),
          parameterRef(`${name}Select`),
        ],
        responses: {
          '200': { description: 'The document.', content: json(ref(name)) },
          ...errorResponse('invalid_parameter', 'A malformed id or parameter.'),
          ...errorResponse('not_found', 'No such document, or it is not published.'),
        },
      },
    },
  }
}

function inquiryPath() {
  const retryAfter = { 'Retry-After': headerRef('RetryAfter') }
  return {
    '/api/inquiries': {
      post: {
        operationId: 'createInquiry',
        tags: ['inquiries'],
        summary: 'Send a project inquiry to the team',
        description: [
          `Delivers the inquiry to the team by email. The body may be at most ${INQUIRY_LIMITS.bodyMaxBytes} bytes.`,
          `Budgets per hour, shared with the MCP tool \`send_inquiry\` and the contact form: ${INQUIRY_LIMITS.perEmail} per email address, ${INQUIRY_LIMITS.perClient} per client (${INQUIRY_LIMITS.unidentified} shared by unidentified clients), ${INQUIRY_LIMITS.global} in total.`,
          'Cross-origin browser requests are refused. A refused request spends no budget. Not idempotent.',
        ].join(' '),
        requestBody: { required: true, content: json(ref('Inquiry')) },
        responses: {
          '201': { description: 'Inquiry received.', content: json(ref('InquiryAccepted')) },
          ...errorResponse('invalid_body', 'Invalid fields or body; `details` names each field.'),
          ...errorResponse('forbidden', 'A cross-origin browser request.'),
          ...errorResponse(
            'payload_too_large',
            `The body is over ${INQUIRY_LIMITS.bodyMaxBytes} bytes.`,
          ),
          ...errorResponse(
            'unsupported_media_type',
            'The `Content-Type` is not `application/json`.',
          ),
          ...errorResponse('rate_limited', 'A budget is spent.', retryAfter),
          ...errorResponse('unavailable', 'Inquiries cannot be stored right now.', retryAfter),
        },
      },
    },
  }
}

function mediaPath() {
  const fileHeaders = {
    ETag: headerRef('ETag'),
    'Last-Modified': headerRef('LastModified'),
    'Accept-Ranges': headerRef('AcceptRanges'),
  }
  return {
    '/api/media/file/{filename}': {
      get: {
        operationId: 'getMediaFile',
        tags: ['media'],
        summary: 'Get a media file',
        description:
          'The bytes of an image or file that a published document uses. The actual `Content-Type` is the file’s own (e.g. `image/png`).',
        parameters: [
          parameterRef('Filename'),
          parameterRef('Range'),
          parameterRef('IfRange'),
          parameterRef('IfNoneMatch'),
          parameterRef('IfModifiedSince'),
          parameterRef('IfMatch'),
          parameterRef('IfUnmodifiedSince'),
        ],
        responses: {
          '200': {
            description: 'The file.',
            headers: fileHeaders,
            content: { 'application/octet-stream': {} },
          },
          '206': {
            description: 'The requested byte range.',
            headers: { ...fileHeaders, 'Content-Range': headerRef('ContentRange') },
            content: { 'application/octet-stream': {} },
          },
          '304': { description: 'Not modified.', headers: { ETag: headerRef('ETag') } },
          ...errorResponse('invalid_parameter', 'The filename is not a single file name.'),
          ...errorResponse('not_found', 'No public file with this name.'),
          '412': { description: 'A precondition (`If-Match`, `If-Unmodified-Since`) failed.' },
          '416': {
            description: 'The range is outside the file.',
            headers: { 'Content-Range': headerRef('ContentRange') },
          },
        },
      },
    },
  }
}

export function openApiDocument(siteUrl: string) {
  const documentSchemas = Object.fromEntries(
    PUBLIC_COLLECTIONS.flatMap((collection) => {
      const { name } = OPERATIONS[collection]
      return [
        [name, documentSchema(collection)],
        [`${name}List`, listSchema(name)],
      ]
    }),
  )
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: `${SITE.name} API`,
      version: API_VERSION,
      summary: 'Published content (English and Spanish), media files and project inquiries.',
      description: [
        `The public interface of ${SITE.name}: read published posts and case studies as JSON, stream their media files, and send a project inquiry to the team.`,
        'Reads need no authentication; only published documents are ever returned.',
        `For agents: every page also has a markdown twin (append \`.md\`), an index at ${absoluteUrl(siteUrl, AGENT_PATHS.llms)}, a schema.org feed at ${absoluteUrl(siteUrl, AGENT_PATHS.schemaFeed)}, agent skills at ${absoluteUrl(siteUrl, AGENT_PATHS.skillsIndex)}, and an MCP server at ${absoluteUrl(siteUrl, AGENT_PATHS.mcp)} whose tool \`send_inquiry\` is \`createInquiry\`.`,
      ].join('\n\n'),
      contact: { name: SITE.name, url: absoluteUrl(siteUrl, paths.contact('en')) },
    },
    servers: [{ url: siteUrl }],
    externalDocs: {
      description: 'Content index for agents',
      url: absoluteUrl(siteUrl, AGENT_PATHS.llms),
    },
    tags: [
      { name: 'posts', description: 'Blog posts' },
      { name: 'case-studies', description: 'Case studies' },
      { name: 'inquiries', description: 'Project inquiries to the team' },
      { name: 'media', description: 'Images and files used by published documents' },
    ],
    paths: {
      ...PUBLIC_COLLECTIONS.reduce(
        (all, collection) => ({ ...all, ...collectionPaths(collection) }),
        {},
      ),
      ...inquiryPath(),
      ...mediaPath(),
    },
    components: {
      schemas: {
        ...documentSchemas,
        RichText: {
          type: 'object',
          description: 'Rich text as a Lexical editor state (JSON).',
          required: ['root'],
          properties: { root: { type: 'object' } },
          additionalProperties: true,
        },
        Media: {
          type: 'object',
          description: 'A media document (image or file); `url` is its public file.',
          required: ['id'],
          properties: { id: { type: 'integer' } },
          additionalProperties: true,
        },
        Category: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer' } },
          additionalProperties: true,
        },
        Inquiry: inquiryRequestSchema(),
        InquiryAccepted: {
          type: 'object',
          required: ['success'],
          additionalProperties: false,
          properties: { success: { type: 'boolean' } },
        },
        ...errorSchemas(),
      },
      parameters: parameters(),
      headers: headers(),
    },
  }
}
