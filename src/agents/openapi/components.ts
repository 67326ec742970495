import { ERROR_STATUS, type ErrorCode } from '@/http/error-codes'
import type { JsonSchema } from '@/inquiries/contract'

/** Building blocks every part of the OpenAPI document uses: references, errors, headers. */

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` })
export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` })

export const json = (schema: JsonSchema) => ({ 'application/json': { schema } })

/** `invalid_parameter` → `InvalidParameterError`. */
export function errorSchemaName(code: ErrorCode): string {
  return `${code.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())}Error`
}

/**
 * What every described operation declares: it is public and needs no credentials (`security: []`,
 * stated on each operation so that no client generator or linter has to assume it).
 */
export const publicOperation = () => ({ security: [] as Record<string, string[]>[] })

/**
 * The error codes whose schemas `fragment` (paths, responses) refers to, in the table's order:
 * the document holds the schema of each code an operation answers with, and no other (a schema
 * nothing refers to is dead weight that linters and client generators flag).
 */
export function errorCodesUsedBy(fragment: unknown): ErrorCode[] {
  const refs = new Set(
    [...JSON.stringify(fragment).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1]!,
    ),
  )
  return (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) =>
    refs.has(errorSchemaName(code)),
  )
}

/** The error body of the whole interface, and one schema for each of `codes`. */
export function errorSchemas(codes: readonly ErrorCode[]): Record<string, JsonSchema> {
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
  for (const code of codes) {
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

/** The response of one error code, keyed by its status. */
export function errorResponse(
  code: ErrorCode,
  description: string,
  headers?: Record<string, unknown>,
) {
  return {
    [String(ERROR_STATUS[code])]: {
      description,
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: ref(errorSchemaName(code)) } },
    },
  }
}

/** A header parameter (requests). */
export const headerParameter = (name: string, description: string) => ({
  name,
  in: 'header',
  required: false,
  description,
  schema: { type: 'string' },
})

/** A response header holding text. */
export const textHeader = (description: string) => ({ description, schema: { type: 'string' } })

/** Headers more than one operation answers with. */
export function sharedHeaders() {
  return {
    RetryAfter: {
      description: 'Seconds to wait before trying again.',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    },
  }
}
