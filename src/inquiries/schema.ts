import { z } from 'zod'

import { DEFAULT_LOCALE, LOCALES } from '@/i18n/locales'

import { INQUIRY_BODY_MAX_BYTES, INQUIRY_FIELD_MAX } from './limits'

export { INQUIRY_BODY_MAX_BYTES, INQUIRY_FIELD_MAX }

const characters = (value: string) => [...value].length

// Single-line fields: no control characters at all (no CR/LF to smuggle a mail header).
const SINGLE_LINE = /^[^\p{Cc}]*$/u
// The message may span lines and use tabs, but carries no other control characters (NUL included).
const MULTI_LINE = /^(?:[^\p{Cc}]|[\t\n\r])*$/u

/**
 * The addresses inquiries accept: zod's email rule (`z.regexes.email`) with every domain label
 * also refusing to start or end with a hyphen, which is exactly where Payload's email validator
 * (`payload/shared` `email`) was stricter. So the schema accepts only addresses that both accept,
 * and the stored collection validates with this same rule (src/collections/Inquiries.ts):
 * nothing the schema lets through can be refused by the store. schema.test.ts checks both claims.
 */
export const INQUIRY_EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/

/**
 * A string field. Its length is checked on what the sender sent, before anything is trimmed;
 * a too-long value gets that one message. Then the value is trimmed (what is stored and mailed).
 */
function text(
  max: number,
  {
    required,
    multiline = false,
    description,
  }: { required: boolean; multiline?: boolean; description: string },
) {
  let schema = z
    .string()
    .refine((value) => characters(value) <= max, {
      message: `must be at most ${max} characters`,
      abort: true,
    })
    .trim()
  // Required fields must say something; optional ones are any string up to the limit ("" too).
  if (required) schema = schema.min(1, 'must not be empty')
  return schema
    .refine(
      (value) => (multiline ? MULTI_LINE : SINGLE_LINE).test(value),
      'must not contain control characters',
    )
    .meta({ maxLength: max, description })
}

/**
 * The one inquiry contract: it validates the HTTP body, the MCP tool's arguments and the contact
 * form, types the service, becomes the MCP input schema and the OpenAPI request body, and is what
 * the Inquiries collection validates with (`inquiryFieldValidator`).
 */
export const inquirySchema = z
  .strictObject({
    name: text(INQUIRY_FIELD_MAX.name, { required: true, description: 'Sender name' }),
    // Trimmed before its format is checked: budgets and replies use the address without spaces.
    email: z
      .string()
      .refine((value) => characters(value) <= INQUIRY_FIELD_MAX.email, {
        message: `must be at most ${INQUIRY_FIELD_MAX.email} characters`,
        abort: true,
      })
      .trim()
      .email({ pattern: INQUIRY_EMAIL, message: 'must be a valid email address' })
      .meta({ maxLength: INQUIRY_FIELD_MAX.email, description: 'Reply-to address' }),
    message: text(INQUIRY_FIELD_MAX.message, {
      required: true,
      multiline: true,
      description: 'Project description or question',
    }),
    phone: text(INQUIRY_FIELD_MAX.phone, {
      required: false,
      description: 'Phone number with country code',
    }).optional(),
    service: text(INQUIRY_FIELD_MAX.service, {
      required: false,
      description: 'A short service category label',
    }).optional(),
    locale: z.enum(LOCALES).default(DEFAULT_LOCALE).meta({ description: 'Sender language' }),
  })
  .meta({ title: 'Inquiry' })

export type InquiryInput = z.input<typeof inquirySchema>
export type Inquiry = z.output<typeof inquirySchema>
export type InquiryField = keyof typeof inquirySchema.shape

export interface FieldProblem {
  field: string
  message: string
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  object: 'a JSON object',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  array: 'an array',
}

/** One readable message per zod issue, whatever the field: the same words on every channel. */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required'
    return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`
  }
  if (issue.code === 'invalid_value') {
    return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
  }
  return issue.message
}

/** Every field at fault in a zod error, in words (shared by every tool that checks arguments). */
export function problemsOf(error: z.ZodError, prefix: string[] = []): FieldProblem[] {
  return error.issues.flatMap((issue): FieldProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: key, message: 'is not an allowed property' }))
    }
    const field = [...prefix, ...issue.path.map(String)].join('.') || '(body)'
    return [{ field, message: messageOf(issue) }]
  })
}

/** Validates an inquiry; on failure, names every field at fault. */
export function parseInquiry(
  input: unknown,
): { success: true; data: Inquiry } | { success: false; problems: FieldProblem[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { success: false, problems: [{ field: '(body)', message: 'must be a JSON object' }] }
  }
  // reportInput: the issues carry what was sent, so a missing field and a wrong type differ.
  const result = inquirySchema.safeParse(input, { reportInput: true })
  if (result.success) return { success: true, data: result.data }
  return { success: false, problems: problemsOf(result.error) }
}

/**
 * A Payload field `validate` for one inquiry field: the schema's own rule for that field, so the
 * stored collection accepts exactly what the contract accepts (the store holds the schema's
 * output, which passes again: trimming twice changes nothing). Payload hands optional fields that
 * were left out as null or undefined; a field with a default (locale) must be stored.
 */
export function inquiryFieldValidator(field: InquiryField) {
  const rule = inquirySchema.shape[field]
  const absent = rule.safeParse(undefined)
  // Optional without a default (phone, service): may be absent. A default (locale) is stored.
  const optional = absent.success && absent.data === undefined
  return (value: unknown): true | string => {
    if ((value === null || value === undefined) && optional) return true
    const result = rule.safeParse(value, { reportInput: true })
    if (result.success) return true
    return problemsOf(result.error, [field])
      .map((problem) => `${problem.field} ${problem.message}`)
      .join('; ')
  }
}
