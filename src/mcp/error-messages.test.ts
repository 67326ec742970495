import { McpError } from '@modelcontextprotocol/sdk/types.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'

import { sendPlainErrorMessages, withPlainErrorMessage } from './error-messages'

const errorResponse = (message: string): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id: 7,
  error: { code: -32602, message, data: { uri: 'x' } },
})

describe('withPlainErrorMessage', () => {
  it("takes the SDK's prefix off an McpError's message, which the client's SDK adds once", () => {
    const thrown = new McpError(-32602, 'Resource not found: x')
    expect(thrown.message).toBe('MCP error -32602: Resource not found: x')
    expect(withPlainErrorMessage(errorResponse(thrown.message))).toEqual(
      errorResponse('Resource not found: x'),
    )
    // Wrapped twice (an McpError made from another's message): both go.
    expect(
      withPlainErrorMessage(errorResponse('MCP error -32603: MCP error -32602: Deep')),
    ).toEqual(errorResponse('Deep'))
  })

  it('leaves other messages and every other kind of message as they are', () => {
    const plain = errorResponse('Invalid params: name is required.')
    expect(withPlainErrorMessage(plain)).toBe(plain)
    const result: JSONRPCMessage = { jsonrpc: '2.0', id: 1, result: { text: 'MCP error -1: x' } }
    expect(withPlainErrorMessage(result)).toBe(result)
  })
})

describe('sendPlainErrorMessages', () => {
  it('makes the transport send every error response without the prefix', async () => {
    const sent: JSONRPCMessage[] = []
    const transport = {
      start: async () => undefined,
      close: async () => undefined,
      send: async (message: JSONRPCMessage) => void sent.push(message),
    }
    sendPlainErrorMessages(transport)
    await transport.send(errorResponse('MCP error -32602: Unknown cursor'))
    expect(sent).toEqual([errorResponse('Unknown cursor')])
  })
})
