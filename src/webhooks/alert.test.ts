import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { disabledAlertBody, postDisabledAlert } from './alert'

const DISABLED = {
  endpointId: 4,
  host: 'hooks.example.com',
  failures: 50,
  adminUrl: 'https://www.example.com/admin/collections/webhook-endpoints/4',
}

let server: Server | undefined

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
})

/** A local alert endpoint answering `status`; resolves with its URL and the bodies it got. */
async function alertEndpoint(status: number) {
  const bodies: unknown[] = []
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      bodies.push(JSON.parse(body))
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/alert`, bodies }
}

describe('the alert when an endpoint is disabled', () => {
  it('names the endpoint, its host, the run of failures and where to act', () => {
    expect(disabledAlertBody(DISABLED)).toEqual({
      event: 'webhook_endpoint_disabled',
      endpointId: 4,
      host: 'hooks.example.com',
      failures: 50,
      adminUrl: DISABLED.adminUrl,
      text:
        'Webhook endpoint #4 (hooks.example.com) was disabled after 50 failed deliveries in a ' +
        'row; its deliveries wait until an admin enables it again ' +
        `(${DISABLED.adminUrl})`,
    })
  })

  it('is POSTed as JSON; a refusing or absent alert endpoint is no error', async () => {
    const accepting = await alertEndpoint(204)
    expect(await postDisabledAlert(accepting.url, DISABLED)).toBe(true)
    expect(accepting.bodies).toEqual([disabledAlertBody(DISABLED)])
    await new Promise((resolve) => server!.close(resolve))
    const refusing = await alertEndpoint(500)
    expect(await postDisabledAlert(refusing.url, DISABLED)).toBe(false)
    expect(await postDisabledAlert('http://127.0.0.1:1/alert', DISABLED, 500)).toBe(false)
  })
})
