/**
 * Field lengths of the inquiry contract (docs/api.md), counted in Unicode characters (code points), as JSON Schema
 * does. Kept apart from the schema so the contact form can use them without shipping zod.
 */
export const INQUIRY_FIELD_MAX = {
  name: 120,
  email: 254,
  message: 5000,
  phone: 50,
  service: 120,
} as const

/** Spec section 8: request bodies above this are refused with 413. */
export const INQUIRY_BODY_MAX_BYTES = 32 * 1024
