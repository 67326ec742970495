import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'

/**
 * What the SDK puts before the message of every `McpError` it makes (`MCP error -32602: …`). A
 * handler's McpError reaches the wire with it, and the client's SDK, building its own McpError
 * from the answer, adds it again: `MCP error -32602: MCP error -32602: Resource not found…`. The
 * code is already in `error.code`, so the message goes out without it, once, here.
 */
const SDK_PREFIX = /^(?:MCP error -?\d+: )+/

/** `message` with the SDK's prefix taken off its error's message, if it is an error response. */
export function withPlainErrorMessage(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message) || !SDK_PREFIX.test(message.error.message)) return message
  return {
    ...message,
    error: { ...message.error, message: message.error.message.replace(SDK_PREFIX, '') },
  }
}

/** Every error response `transport` sends leaves with its message as the handler wrote it. */
export function sendPlainErrorMessages(transport: Transport): void {
  const send = transport.send.bind(transport)
  transport.send = (message, options) => send(withPlainErrorMessage(message), options)
}
