import { z } from 'zod'

import { DEFAULT_LOCALE, LOCALES } from '@/i18n/locales'

import { INQUIRY_BODY_MAX_BYTES, INQUIRY_FIELD_MAX } from './limits'

export { INQUIRY_BODY_MAX_BYTES, INQUIRY_FIELD_MAX }

const characters = (value: string) => [...value].length

// Single-line fields: no control characters at all (no CR/LF to smuggle a mail header).
const SINGLE_LINE = /^[^\p{Cc}]*$/u
// The message may span lines and use tabs, but carries no other control characters (NUL included).
const MULTI_LINE = /^(?:[^\p{Cc}]|[\t\n\r])*$/u

function text(
  max: number,
  { multiline = false, description }: { multiline?: boolean; description: string },
) {
  return z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .refine((value) => characters(value) <= max, `must be at most ${max} characters`)
    .refine(
      (value) => (multiline ? MULTI_LINE : SINGLE_LINE).test(value),
      'must not contain control characters',
    )
    .meta({ maxLength: max, description })
}

/**
 * The one inquiry contract: it validates the HTTP body, the MCP tool's arguments and the contact
 * form, types the service, and becomes the MCP input schema and the OpenAPI request body.
 */
export const inquirySchema = z
  .strictObject({
    name: text(INQUIRY_FIELD_MAX.name, { description: 'Sender name' }),
    // Trimmed before it is checked: budgets and replies use the address without the spaces.
    email: z
      .string()
      .trim()
      .max(INQUIRY_FIELD_MAX.email, `must be at most ${INQUIRY_FIELD_MAX.email} characters`)
      .email('must be a valid email address')
      .meta({ description: 'Reply-to address' }),
    message: text(INQUIRY_FIELD_MAX.message, {
      multiline: true,
      description: 'Project description or question',
    }),
    phone: text(INQUIRY_FIELD_MAX.phone, {
      description: 'Phone number with country code',
    }).optional(),
    service: text(INQUIRY_FIELD_MAX.service, {
      description: 'A short service category label',
    }).optional(),
    locale: z.enum(LOCALES).default(DEFAULT_LOCALE).meta({ description: 'Sender language' }),
  })
  .meta({ title: 'Inquiry' })

export type InquiryInput = z.input<typeof inquirySchema>
export type Inquiry = z.output<typeof inquirySchema>

export interface FieldProblem {
  field: string
  message: string
}

/** Validates an inquiry; on failure, names every field at fault. */
export function parseInquiry(
  input: unknown,
): { success: true; data: Inquiry } | { success: false; problems: FieldProblem[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { success: false, problems: [{ field: '(body)', message: 'must be a JSON object' }] }
  }
  const result = inquirySchema.safeParse(input)
  if (result.success) return { success: true, data: result.data }
  const problems = result.error.issues.flatMap((issue): FieldProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: key, message: 'is not an allowed property' }))
    }
    const field = issue.path.map(String).join('.') || '(body)'
    const message =
      issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message
    return [{ field, message }]
  })
  return { success: false, problems }
}
