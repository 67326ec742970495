import { describe, expect, it } from 'vitest'

import { INVITATION_PASSWORD_PLACEHOLDER } from './invitation-form'
import { generatePasswordForInvitee, spentLinkMessage } from './password-link'

const create = (data: Record<string, unknown>, user: unknown = { id: 1 }) =>
  generatePasswordForInvitee({
    data,
    operation: 'create',
    req: { user } as never,
  } as never) as Record<string, unknown>

describe("an invitee's password", () => {
  it('an account an admin creates without a password, or with the form’s stand-in, gets a random one', () => {
    for (const given of [undefined, '', INVITATION_PASSWORD_PLACEHOLDER]) {
      const first = create({ email: 'a@example.test', password: given })
      const second = create({ email: 'a@example.test', password: given })
      expect(first.password).toEqual(expect.stringMatching(/^[\w-]{43}$/))
      expect(first.password).not.toBe(second.password)
      expect(first.password).not.toBe(INVITATION_PASSWORD_PLACEHOLDER)
    }
  })

  it('a password given through the API is kept, and the first account (no inviter) gets none', () => {
    expect(create({ password: 'chosen-by-the-admin-0042' }).password).toBe(
      'chosen-by-the-admin-0042',
    )
    expect(create({ email: 'first@example.test' }, null).password).toBeUndefined()
  })
})

describe('a link that no longer works', () => {
  it('is explained in the asker’s language', () => {
    expect(spentLinkMessage('en')).toMatch(/^This link has already been used or has expired\./)
    expect(spentLinkMessage('es')).toMatch(/^Este enlace ya se ha usado o ha caducado\./)
    expect(spentLinkMessage('de')).toBe(spentLinkMessage('en'))
  })
})
