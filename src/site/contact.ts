import type { FieldProblem } from '@/inquiries/schema'

/** The services a visitor can pick on the contact form (labels come from the messages). */
export const CONTACT_SERVICES = [
  'software-engineering',
  'data-platforms',
  'cloud',
  'security',
  'machine-learning',
  'other',
] as const
export type ContactService = (typeof CONTACT_SERVICES)[number]

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'service', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

export type FieldErrorKind = 'required' | 'email' | 'tooLong' | 'invalid'

export interface ContactState {
  status: 'idle' | 'sent' | 'invalid' | 'rate_limited' | 'unavailable'
  fieldErrors?: Partial<Record<ContactField, FieldErrorKind>>
  retryAfterSeconds?: number
  /** What the visitor typed, to refill the form when it is answered without JavaScript. */
  values?: Partial<Record<ContactField, string>>
}

/** Turns the inquiry schema's problems into kinds the form explains in the page's language. */
export function fieldErrorsOf(problems: FieldProblem[]): ContactState['fieldErrors'] {
  const errors: NonNullable<ContactState['fieldErrors']> = {}
  for (const { field, message } of problems) {
    if (!(CONTACT_FIELDS as readonly string[]).includes(field)) continue
    errors[field as ContactField] = /required|empty/.test(message)
      ? 'required'
      : /email/.test(message)
        ? 'email'
        : /at most/.test(message)
          ? 'tooLong'
          : 'invalid'
  }
  return errors
}
