import { describe, expect, it } from 'vitest'

import { contactOutcome, recordContactOutcome, withContactOutcomeSlot } from './contact-outcome'

describe('the contact form’s outcome slot', () => {
  it('carries what the action recorded to the render of the same request only', async () => {
    const seen = await Promise.all(
      (['sent', 'invalid'] as const).map((status) =>
        withContactOutcomeSlot(async () => {
          expect(contactOutcome()).toBeUndefined()
          // The action runs, then the page renders: later in the same request.
          await new Promise((resolve) => setTimeout(resolve, 5))
          expect(recordContactOutcome({ status })).toBe(true)
          await new Promise((resolve) => setTimeout(resolve, 5))
          return contactOutcome()?.status
        }),
      ),
    )
    expect(seen).toEqual(['sent', 'invalid'])
  })

  it('records nothing outside a form post (a page read)', () => {
    expect(recordContactOutcome({ status: 'sent' })).toBe(false)
    expect(contactOutcome()).toBeUndefined()
  })
})
