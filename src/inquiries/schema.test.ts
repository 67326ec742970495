import fc from 'fast-check'
import type { Field } from 'payload'
import { email as payloadEmail, select, text, textarea } from 'payload/shared'
import { describe, expect, it } from 'vitest'

import { Inquiries } from '@/collections/Inquiries'

import { INQUIRY_FIELD_MAX, inquirySchema, parseInquiry, type Inquiry } from './schema'

const valid = { name: 'Ana', email: 'ana@example.com', message: 'Hello' }

const problemsOf = (input: unknown) => {
  const parsed = parseInquiry(input)
  return parsed.success ? [] : parsed.problems
}

// What Payload's validators need to run outside Payload: its default text limit, no translations.
const t = ((key: string) => key) as never
const validationContext = (field: Record<string, unknown>) =>
  ({
    ...field,
    req: { payload: { config: { defaultMaxTextLength: 40_000 }, collections: {} }, t },
    siblingData: {},
  }) as never

/** Payload's own validator for a field's type: what the store would apply without our rule. */
const PAYLOAD_VALIDATORS: Record<string, (value: unknown, options: never) => true | string> = {
  text: text as never,
  textarea: textarea as never,
  email: payloadEmail as never,
  select: select as never,
}

const collectionField = (name: string) =>
  (Inquiries.fields as (Field & { name?: string })[]).find((field) => field.name === name) as
    | (Field & {
        name: string
        type: string
        required?: boolean
        validate?: (value: unknown, options: never) => true | string | Promise<true | string>
      })
    | undefined

/** Strings mixing what trips validators: astral characters, spaces, hyphens, dots. */
const tricky = (maxLength: number, minLength = 0) =>
  fc.string({
    unit: fc.constantFrom('a', 'Z', '9', 'ñ', '😀', '𝄞', ' ', '-', '.', "'", '+', '_'),
    minLength,
    maxLength,
  })

/** Addresses near the edges of both email rules: hyphens and dots where labels start and end. */
const emailish = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9_'+.-]{1,12}$/),
    fc.array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { minLength: 1, maxLength: 3 }),
    fc.stringMatching(/^[a-z]{1,4}$/),
    fc.constantFrom('', ' ', '  '),
  )
  .map(([local, labels, tld, pad]) => `${pad}${local}@${labels.join('.')}.${tld}${pad}`)

const inquiryInput = fc.record(
  {
    name: tricky(INQUIRY_FIELD_MAX.name + 2, 1),
    email: fc.oneof(emailish, fc.emailAddress()),
    message: tricky(INQUIRY_FIELD_MAX.message + 2, 1),
    phone: tricky(INQUIRY_FIELD_MAX.phone + 2),
    service: tricky(INQUIRY_FIELD_MAX.service + 2),
    locale: fc.constantFrom('en', 'es'),
  },
  { requiredKeys: ['name', 'email', 'message'] },
)

describe('the inquiry schema decides alone', () => {
  it('refuses an address Payload would refuse: a domain label ending in a hyphen', () => {
    for (const address of ['a@b-.com', 'a@sub.b-.example.com', 'a@b.c-.io']) {
      expect(problemsOf({ ...valid, email: address })).toEqual([
        { field: 'email', message: 'must be a valid email address' },
      ])
    }
  })

  it('every address the schema accepts, Payload’s email validator accepts too', () => {
    fc.assert(
      fc.property(emailish, (address) => {
        const parsed = inquirySchema.shape.email.safeParse(address)
        if (!parsed.success) return
        expect(payloadEmail(parsed.data, validationContext({ required: true }))).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('every collection field validates with the schema’s rule and agrees on what is required', () => {
    for (const [name, rule] of Object.entries(inquirySchema.shape)) {
      const field = collectionField(name)
      expect(field, name).toBeDefined()
      expect(typeof field!.validate, name).toBe('function')
      // Required in the store exactly when the schema always produces a value (locale: default).
      const absent = rule.safeParse(undefined)
      expect(Boolean(field!.required), name).toBe(!(absent.success && absent.data === undefined))
    }
  })

  it('whatever the schema accepts, the stored collection accepts: its rule and Payload’s own', async () => {
    await fc.assert(
      fc.asyncProperty(inquiryInput, async (input) => {
        const parsed = parseInquiry(input)
        if (!parsed.success) return
        for (const [name, value] of Object.entries(parsed.data) as [keyof Inquiry, unknown][]) {
          const field = collectionField(name)!
          const options = validationContext({ ...field })
          expect(await field.validate!(value, options), name).toBe(true)
          expect(PAYLOAD_VALIDATORS[field.type]!(value, options), name).toBe(true)
        }
      }),
      { numRuns: 500 },
    )
  })

  it('the collection refuses what the schema refuses', async () => {
    const email = collectionField('email')!
    expect(await email.validate!('a@b-.com', validationContext({}))).toMatch(/email/)
    const phone = collectionField('phone')!
    expect(await phone.validate!(null, validationContext({}))).toBe(true)
    expect(await phone.validate!('9'.repeat(51), validationContext({}))).toMatch(/at most 50/)
    const locale = collectionField('locale')!
    expect(await locale.validate!(null, validationContext({}))).not.toBe(true)
  })
})

describe('the inquiry contract', () => {
  it('optional fields take any string up to their limit, the empty one too', () => {
    for (const value of ['', ' ', '9'.repeat(INQUIRY_FIELD_MAX.phone)]) {
      expect(problemsOf({ ...valid, phone: value, service: value })).toEqual([])
    }
    expect(problemsOf({ ...valid, phone: '9'.repeat(51) })).toEqual([
      { field: 'phone', message: 'must be at most 50 characters' },
    ])
  })

  it('counts a length on what was sent, before trimming', () => {
    for (const [field, max] of Object.entries(INQUIRY_FIELD_MAX)) {
      const sent =
        field === 'email' ? ` ${'a'.repeat(max - 12)}@example.com` : ` ${'ñ'.repeat(max)}`
      expect([...sent]).toHaveLength(max + 1)
      expect(problemsOf({ ...valid, [field]: sent }), field).toEqual([
        { field, message: `must be at most ${max} characters` },
      ])
      expect(problemsOf({ ...valid, [field]: sent.slice(1) }), field).toEqual([])
    }
  })

  it('required fields must not be empty once trimmed; values are stored trimmed', () => {
    expect(problemsOf({ ...valid, name: '   ' })).toEqual([
      { field: 'name', message: 'must not be empty' },
    ])
    const parsed = parseInquiry({ ...valid, name: ' Ana ', email: ' ana@example.com ' })
    expect(parsed).toMatchObject({ success: true, data: { name: 'Ana', email: 'ana@example.com' } })
  })

  it('a wrong type says which type is wanted, for every field', () => {
    for (const field of ['name', 'email', 'message', 'phone', 'service']) {
      for (const wrong of [42, true, null, ['x'], { a: 1 }]) {
        expect(
          problemsOf({ ...valid, [field]: wrong }),
          `${field}: ${JSON.stringify(wrong)}`,
        ).toEqual([{ field, message: 'must be a string' }])
      }
    }
    expect(problemsOf({ ...valid, locale: 7 })).toEqual([
      { field: 'locale', message: 'must be one of "en", "es"' },
    ])
    expect(problemsOf({ name: 'Ana', email: 'ana@example.com' })).toEqual([
      { field: 'message', message: 'is required' },
    ])
  })

  it('messages are sentences, never validator dumps', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...Object.keys(inquirySchema.shape), 'x'), fc.jsonValue()),
        (input) => {
          for (const problem of problemsOf(input)) {
            expect(problem.message).toMatch(/^(is|must)( not)? [^\n{}[\]]+$/)
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})
