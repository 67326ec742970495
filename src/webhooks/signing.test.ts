import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'

import {
  generateSecret,
  newMessageId,
  SECRET_BYTES,
  signedHeaders,
  signingSecrets,
} from './signing'

const BODY = JSON.stringify({
  type: 'webhook.test',
  timestamp: '2026-11-28T10:00:00.000Z',
  data: {},
})

describe('webhook signing (Standard Webhooks)', () => {
  it('makes secrets as Standard Webhooks libraries take them: whsec_ and base64', () => {
    const secret = generateSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(SECRET_BYTES)
    expect(generateSecret()).not.toBe(secret)
    expect(() => new Webhook(secret)).not.toThrow()
  })

  it('makes message ids that differ', () => {
    const id = newMessageId()
    expect(id).toMatch(/^msg_[0-9a-f]{32}$/)
    expect(newMessageId()).not.toBe(id)
  })

  it('signs so that the standardwebhooks verifier accepts the body with the headers', () => {
    const secret = generateSecret()
    const headers = signedHeaders('msg_1', BODY, [secret])
    expect(headers['webhook-id']).toBe('msg_1')
    expect(Number(headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1)
    expect(new Webhook(secret).verify(BODY, { ...headers })).toEqual(JSON.parse(BODY))
  })

  it('refuses a changed body, another id, or another secret', () => {
    const secret = generateSecret()
    const headers = { ...signedHeaders('msg_1', BODY, [secret]) }
    const verifier = new Webhook(secret)
    expect(() => verifier.verify(BODY.replace('test', 'tost'), headers)).toThrow(
      WebhookVerificationError,
    )
    expect(() => verifier.verify(BODY, { ...headers, 'webhook-id': 'msg_2' })).toThrow(
      WebhookVerificationError,
    )
    expect(() => new Webhook(generateSecret()).verify(BODY, headers)).toThrow(
      WebhookVerificationError,
    )
  })

  it('signs with every secret during a rotation: receivers holding either one verify', () => {
    const [current, previous, other] = [generateSecret(), generateSecret(), generateSecret()]
    const headers = { ...signedHeaders('msg_rotating', BODY, [current, previous]) }
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2)
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/)
    expect(new Webhook(current).verify(BODY, headers)).toEqual(JSON.parse(BODY))
    expect(new Webhook(previous).verify(BODY, headers)).toEqual(JSON.parse(BODY))
    expect(() => new Webhook(other).verify(BODY, headers)).toThrow(WebhookVerificationError)
  })

  it('timestamps each attempt when it is signed (a retry is not refused as too old)', () => {
    const secret = generateSecret()
    const anHourAgo = new Date(Date.now() - 3_600_000)
    const stale = { ...signedHeaders('msg_1', BODY, [secret], anHourAgo) }
    expect(() => new Webhook(secret).verify(BODY, stale)).toThrow(/too old/)
    const retried = { ...signedHeaders('msg_1', BODY, [secret]) }
    expect(retried['webhook-id']).toBe(stale['webhook-id'])
    expect(new Webhook(secret).verify(BODY, retried)).toEqual(JSON.parse(BODY))
  })

  it('refuses to sign without a secret', () => {
    expect(() => signedHeaders('msg_1', BODY, [])).toThrow(/no secret/)
  })

  it('signs with the previous secret only until its overlap window ends', () => {
    const now = Date.parse('2026-11-28T10:00:00.000Z')
    const rotated = {
      secret: 'whsec_new',
      previousSecret: 'whsec_old',
      previousSecretExpiresAt: '2026-11-28T10:00:01.000Z',
    }
    expect(signingSecrets(rotated, now)).toEqual(['whsec_new', 'whsec_old'])
    expect(signingSecrets(rotated, now + 1_000)).toEqual(['whsec_new'])
    expect(signingSecrets({ secret: 'whsec_new' }, now)).toEqual(['whsec_new'])
    expect(signingSecrets({}, now)).toEqual([])
  })
})
