import { escapeInline } from '@/markdown/escape'
import { frontmatter } from '@/markdown/frontmatter'
import { AGENT_PATHS } from '@/site/agent-paths'
import { paths } from '@/site/routes'
import { absoluteUrl, twinUrl } from '@/site/view'

import { openApiDocument } from './openapi'

/**
 * The API reference page (`/docs/api`) and its markdown twin, both read from the OpenAPI
 * document itself: every operation with its parameters and responses, so the page cannot say
 * anything `/openapi.json` does not.
 */

type Json = Record<string, unknown>
type OpenApiDocument = ReturnType<typeof openApiDocument>

export interface ReferenceParameter {
  name: string
  in: string
  required: boolean
  description: string
  /** What the schema allows, in words: `integer, at least 1, default 10`. */
  values: string
}

export interface ReferenceResponse {
  status: string
  description: string
  /** The body's schema name, when it has a JSON one. */
  schema?: string
  headers: string[]
}

export interface ReferenceOperation {
  operationId: string
  method: string
  path: string
  summary: string
  description?: string
  tag: string
  parameters: ReferenceParameter[]
  requestBody?: { schema: string; fields: ReferenceParameter[] }
  responses: ReferenceResponse[]
}

export interface ApiReference {
  title: string
  version: string
  openapi: string
  description: string
  server: string
  tags: { name: string; description: string }[]
  operations: ReferenceOperation[]
}

const refName = (ref: unknown) => String(ref).split('/').pop()!

/** The values a schema allows, in words. */
export function describeValues(schema: Json): string {
  const parts: string[] = []
  if (Array.isArray(schema.enum)) {
    parts.push(`one of ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}`)
  } else if (schema.type === 'array') {
    const items = (schema.items ?? {}) as Json
    parts.push(`comma-separated list of ${describeValues(items)}`)
  } else if (schema.type !== undefined) {
    parts.push([schema.type].flat().join(' or '))
  }
  if (typeof schema.minimum === 'number') parts.push(`at least ${schema.minimum}`)
  if (typeof schema.maximum === 'number') parts.push(`at most ${schema.maximum}`)
  if (typeof schema.minLength === 'number') parts.push(`at least ${schema.minLength} characters`)
  if (typeof schema.maxLength === 'number') parts.push(`at most ${schema.maxLength} characters`)
  if (typeof schema.format === 'string') parts.push(`format ${schema.format}`)
  if (typeof schema.pattern === 'string') parts.push(`pattern \`${schema.pattern}\``)
  if (schema.default !== undefined) parts.push(`default \`${String(schema.default)}\``)
  return parts.join(', ')
}

export function apiReference(document: OpenApiDocument): ApiReference {
  const components = document.components as unknown as {
    parameters: Record<string, Json>
    schemas: Record<string, Json>
  }
  const parameterOf = (item: Json): ReferenceParameter => {
    const parameter = (
      typeof item.$ref === 'string' ? components.parameters[refName(item.$ref)] : item
    ) as Json
    return {
      name: String(parameter.name),
      in: String(parameter.in),
      required: parameter.required === true,
      description: String(parameter.description ?? ''),
      values: describeValues((parameter.schema ?? {}) as Json),
    }
  }
  const operations: ReferenceOperation[] = []
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, value] of Object.entries(item)) {
      const operation = value as Json & {
        parameters?: Json[]
        responses: Record<string, Json>
        requestBody?: { content: Record<string, { schema: Json }> }
        tags: string[]
      }
      const bodyRef = operation.requestBody?.content['application/json']?.schema.$ref
      let requestBody: ReferenceOperation['requestBody']
      if (bodyRef) {
        const body = components.schemas[refName(bodyRef)] as {
          properties: Record<string, Json>
          required?: string[]
        }
        requestBody = {
          schema: refName(bodyRef),
          fields: Object.entries(body.properties).map(([name, schema]) => ({
            name,
            in: 'body',
            required: body.required?.includes(name) ?? false,
            description: String(schema.description ?? ''),
            values: describeValues(schema),
          })),
        }
      }
      operations.push({
        operationId: String(operation.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(operation.summary ?? ''),
        description: operation.description ? String(operation.description) : undefined,
        tag: operation.tags[0] ?? '',
        parameters: (operation.parameters ?? []).map(parameterOf),
        requestBody,
        responses: Object.entries(operation.responses).map(([status, response]) => {
          const content = response.content as Record<string, { schema?: Json }> | undefined
          const schema = content?.['application/json']?.schema?.$ref
          return {
            status,
            description: String(response.description ?? ''),
            schema: schema ? refName(schema) : undefined,
            headers: Object.keys((response.headers ?? {}) as Json),
          }
        }),
      })
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    openapi: document.openapi,
    description: document.info.description,
    server: document.servers[0]?.url ?? '',
    tags: document.tags,
    operations,
  }
}

const cell = (text: string) => escapeInline(text).replace(/\|/g, '\\|').replace(/\n+/g, ' ')
/** Cells whose text is already markdown (backticks from `describeValues`). */
const codeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ')

/** `/docs/api.md`: the reference as markdown, for agents and terminals. */
export function apiReferenceMarkdown(siteUrl: string): string {
  const reference = apiReference(openApiDocument(siteUrl))
  const blocks: string[] = [
    frontmatter({
      title: `${reference.title} reference`,
      description: `Every operation, parameter and response of the public API (OpenAPI ${reference.openapi}, version ${reference.version}).`,
      url: absoluteUrl(siteUrl, AGENT_PATHS.apiReference),
      lang: 'en',
      alternates: {},
    }),
    `# ${escapeInline(reference.title)} reference`,
    `Version ${reference.version}, server \`${reference.server}\`. Machine-readable: [openapi.json](${absoluteUrl(siteUrl, AGENT_PATHS.openapi)}).`,
    `Sending an inquiry from code or an agent, with an example: [for developers](${twinUrl(siteUrl, paths.developers('en'))}) ([para desarrolladores](${twinUrl(siteUrl, paths.developers('es'))})).`,
    reference.description,
  ]
  for (const tag of reference.tags) {
    const operations = reference.operations.filter((operation) => operation.tag === tag.name)
    if (operations.length === 0) continue
    blocks.push(`## ${escapeInline(tag.description)}`)
    for (const operation of operations) {
      blocks.push(
        `### \`${operation.method} ${operation.path}\` (${operation.operationId})`,
        escapeInline(operation.summary),
      )
      if (operation.description) blocks.push(operation.description)
      if (operation.parameters.length > 0) {
        blocks.push(
          [
            '| Parameter | In | Values | Description |',
            '| --- | --- | --- | --- |',
            ...operation.parameters.map(
              (parameter) =>
                `| \`${parameter.name}\`${parameter.required ? ' (required)' : ''} | ${parameter.in} | ${codeCell(parameter.values)} | ${codeCell(parameter.description)} |`,
            ),
          ].join('\n'),
        )
      }
      if (operation.requestBody) {
        blocks.push(
          [
            `Request body (\`application/json\`, ${operation.requestBody.schema}):`,
            '',
            '| Field | Values | Description |',
            '| --- | --- | --- |',
            ...operation.requestBody.fields.map(
              (field) =>
                `| \`${field.name}\`${field.required ? ' (required)' : ''} | ${codeCell(field.values)} | ${cell(field.description)} |`,
            ),
          ].join('\n'),
        )
      }
      blocks.push(
        [
          '| Status | Description | Body | Headers |',
          '| --- | --- | --- | --- |',
          ...operation.responses.map(
            (response) =>
              `| ${response.status} | ${codeCell(response.description)} | ${response.schema ?? ''} | ${response.headers.join(', ')} |`,
          ),
        ].join('\n'),
      )
    }
  }
  return `${blocks.join('\n\n')}\n`
}
