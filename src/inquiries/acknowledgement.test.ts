import { describe, expect, it } from 'vitest'

import { acknowledgementKey, composeAcknowledgement } from './acknowledgement'

describe('composeAcknowledgement', () => {
  it('is in the inquiry’s language', () => {
    expect(composeAcknowledgement('a@example.com', 'en').subject).toMatch(/We received/)
    expect(composeAcknowledgement('a@example.com', 'es').subject).toMatch(/Hemos recibido/)
    expect(composeAcknowledgement('a@example.com', 'es').headers).toMatchObject({
      'Content-Language': 'es',
    })
  })

  it('names only the recipient address: no text of the sender’s reaches it', () => {
    const mail = composeAcknowledgement('victim@example.com', 'en')
    expect(mail.to).toBe('victim@example.com')
    // The composer takes no name or message at all; its output is the same for every sender.
    const other = composeAcknowledgement('other@example.com', 'en')
    expect({ ...mail, to: '', messageId: '' }).toEqual({ ...other, to: '', messageId: '' })
  })

  it('is keyed once per inquiry', () => {
    expect(acknowledgementKey(12)).toBe(acknowledgementKey(12))
    expect(acknowledgementKey(12)).not.toBe(acknowledgementKey(13))
  })
})
