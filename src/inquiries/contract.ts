import { z } from 'zod'

import { BUDGETS } from '@/inquiries/budgets'
import { INQUIRY_BODY_MAX_BYTES, inquirySchema } from '@/inquiries/schema'

/**
 * The inquiry contract as agents and API developers read it, derived from the one zod schema
 * (`inquirySchema`) and the budget constants: the OpenAPI request body, the contact-team skill
 * and the contact page's markdown twin all describe exactly what the server enforces.
 */

export type JsonSchema = Record<string, unknown>

/** The request body as JSON Schema 2020-12 (what a client sends: `io: 'input'`). */
export function inquiryRequestSchema(): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(inquirySchema, { io: 'input' })
  return schema as JsonSchema
}

export interface InquiryField {
  name: string
  required: boolean
  type: string
  description: string
  maxLength?: number
  format?: string
  enum?: string[]
  default?: string
}

/** Every field of the body, in the schema's order. */
export function inquiryFields(): InquiryField[] {
  const schema = inquiryRequestSchema() as {
    properties: Record<string, Record<string, unknown>>
    required?: string[]
  }
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    required: schema.required?.includes(name) ?? false,
    type: String(property.type),
    description: String(property.description ?? ''),
    ...(typeof property.maxLength === 'number' ? { maxLength: property.maxLength } : {}),
    ...(typeof property.format === 'string' ? { format: property.format } : {}),
    ...(Array.isArray(property.enum) ? { enum: property.enum.map(String) } : {}),
    ...(typeof property.default === 'string' ? { default: property.default } : {}),
  }))
}

/** The hourly budgets a sender meets, as the service applies them (docs/api.md). */
export const INQUIRY_LIMITS = {
  perEmail: BUDGETS.perEmail.points,
  perClient: BUDGETS.perClient.points,
  unidentified: BUDGETS.unidentified.points,
  global: BUDGETS.global.points,
  windowSeconds: BUDGETS.global.durationSeconds,
  bodyMaxBytes: INQUIRY_BODY_MAX_BYTES,
} as const
