import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { alertBody, postDeliveryFailureAlert, withoutSenderValues } from './delivery-alert'

const failure = {
  inquiryId: 42,
  attempts: 12,
  error: 'connect ECONNREFUSED 127.0.0.1:25',
  adminUrl: 'https://www.example.com/admin/collections/inquiries/42',
}

let server: Server | undefined

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** A local endpoint answering each request with `handle`; resolves with its URL. */
async function endpoint(
  handle: (request: IncomingMessage, body: string) => number | null,
): Promise<{ url: string; received: string[] }> {
  const received: string[] = []
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      received.push(body)
      const status = handle(request, body)
      if (status !== null) response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received }
}

describe('delivery failure alert', () => {
  it('POSTs JSON naming the inquiry and the error', async () => {
    let contentType: string | undefined
    let method: string | undefined
    const hook = await endpoint((request) => {
      contentType = request.headers['content-type']
      method = request.method
      return 204
    })
    expect(await postDeliveryFailureAlert(hook.url, failure)).toBe(true)
    expect(method).toBe('POST')
    expect(contentType).toBe('application/json')
    expect(JSON.parse(hook.received[0] as string)).toEqual({
      event: 'inquiry_delivery_failed',
      inquiryId: 42,
      attempts: 12,
      error: failure.error,
      adminUrl: failure.adminUrl,
      text: expect.stringContaining('Inquiry #42 could not be delivered'),
    })
  })

  it('never throws: an endpoint that refuses, hangs or is gone only costs a log line', async () => {
    const refusing = await endpoint(() => 500)
    expect(await postDeliveryFailureAlert(refusing.url, failure)).toBe(false)

    const hanging = await endpoint(() => null)
    const started = Date.now()
    expect(await postDeliveryFailureAlert(hanging.url, failure, 300)).toBe(false)
    expect(Date.now() - started).toBeLessThan(3_000)

    expect(await postDeliveryFailureAlert('http://127.0.0.1:1/hook', failure, 300)).toBe(false)
  })

  it('cuts the sender’s values out of the error it reports', () => {
    const sender = { name: 'Ana Pérez', email: 'ana@example.com', phone: '+34 600 000 000' }
    const error = '550 rejected: Reply-To "Ana Pérez" <ana@example.com>, call +34 600 000 000'
    const cleaned = withoutSenderValues(error, sender)
    expect(cleaned).toBe('550 rejected: Reply-To "[sender]" <[sender]>, call [sender]')
    // Values too short to be told apart from ordinary text are left alone.
    expect(withoutSenderValues('451 Also try later', { name: 'Al', email: 'al@example.com' })).toBe(
      '451 Also try later',
    )
    expect(JSON.stringify(alertBody({ ...failure, error: cleaned }))).not.toContain('ana@')
  })
})
