import { describe, expect, it } from 'vitest'

import { asBatchAnswer, batchRefusal, initializeClientName } from './batch'

const ping = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'ping' })
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' }

describe('batchRefusal', () => {
  it('takes a batch without a protocol version header, or from a version that had batches', () => {
    for (const version of [null, '2025-03-26', '2024-11-05']) {
      expect(batchRefusal([ping(1), ping(2)], version), String(version)).toBeNull()
      expect(batchRefusal([ping(1)], version), String(version)).toBeNull()
    }
  })

  it('refuses any batch from 2025-06-18 on, one message or many', () => {
    for (const version of ['2025-06-18', '2025-11-25', '2026-01-01']) {
      expect(batchRefusal([ping(1)], version)).toMatch(
        new RegExp(`^Invalid Request: protocol version ${version} has no JSON-RPC batches`),
      )
    }
  })

  it('refuses an empty batch and one whose requests share an id', () => {
    expect(batchRefusal([], null)).toBe('Invalid Request: the batch is empty.')
    expect(batchRefusal([ping(1), ping(1)], null)).toMatch(/distinct ids/)
    // Notifications carry no id: any number of them go with the requests.
    expect(batchRefusal([ping(1), initialized, initialized, ping('1')], null)).toBeNull()
  })

  it('leaves a single message alone whatever the version', () => {
    expect(batchRefusal(ping(1), '2025-11-25')).toBeNull()
    expect(batchRefusal(ping(1), null)).toBeNull()
  })
})

describe('asBatchAnswer', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', 'X-Kept': 'yes' },
    })

  it('answers a batch with an array, even of one response', async () => {
    const one = await asBatchAnswer(json({ jsonrpc: '2.0', id: 1, result: {} }))
    expect(await one.json()).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }])
    expect(one.headers.get('x-kept')).toBe('yes')
    const two = [
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]
    expect(await (await asBatchAnswer(json(two))).json()).toEqual(two)
  })

  it('passes a refusal of the whole request and a 202 as they are', async () => {
    const refused = json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'no' } }, 400)
    expect(await asBatchAnswer(refused)).toBe(refused)
    const accepted = new Response(null, { status: 202 })
    expect(await asBatchAnswer(accepted)).toBe(accepted)
  })
})

describe('initializeClientName', () => {
  const initialize = (clientInfo: unknown) => ({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo },
  })

  it('is the name an initialize request gives, alone or in a batch', () => {
    expect(initializeClientName(initialize({ name: 'Claude Desktop', version: '1' }))).toBe(
      'Claude Desktop',
    )
    expect(initializeClientName([ping(1), initialize({ name: 'Cursor', version: '2' })])).toBe(
      'Cursor',
    )
  })

  it('is undefined for any other message, or an initialize without a client', () => {
    for (const body of [
      ping(1),
      [ping(1), initialized],
      null,
      'initialize',
      42,
      initialize(null),
    ]) {
      expect(initializeClientName(body), JSON.stringify(body)).toBeUndefined()
    }
    expect(initializeClientName({ jsonrpc: '2.0', id: 1, method: 'initialize' })).toBeUndefined()
  })
})
