import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  ErrorCode,
  type CallToolResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js'

/**
 * What the server knows of a tool before running it: how to check its arguments. `check` answers
 * null when they are fine, else the tool result (`isError: true`) that explains what to fix.
 */
export interface ToolArguments {
  check(args: Record<string, unknown>): CallToolResult | null
}

export type ToolCallCheck =
  | { outcome: 'run' }
  /** A protocol error: the request itself is wrong (JSON-RPC error, Invalid params). */
  | { outcome: 'error'; error: { code: number; message: string } }
  /** The tool was named right but its arguments are not: a tool result the model can act on. */
  | { outcome: 'result'; result: CallToolResult }

const kindOf = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : `a ${typeof value}`

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const invalidParams = (message: string): ToolCallCheck => ({
  outcome: 'error',
  error: { code: ErrorCode.InvalidParams, message },
})

/**
 * The rule for every `tools/call`, as the MCP specification (2025-11-25, the SDK's version) has
 * it: an unknown tool or malformed params is a JSON-RPC error -32602 (Invalid params); arguments
 * that the tool's schema refuses are a tool result with `isError: true`, so the model can correct
 * itself. Every message is a sentence, never a dump of validator output.
 */
export function checkToolCall(
  params: unknown,
  tools: Record<string, ToolArguments>,
): ToolCallCheck {
  const available = Object.keys(tools).join(', ')
  if (!isObject(params)) {
    return invalidParams(
      `Invalid params: tools/call takes an object with the tool's name and arguments, not ${kindOf(params)}.`,
    )
  }
  const { name, arguments: args } = params
  if (typeof name !== 'string') {
    return invalidParams(
      name === undefined
        ? `Invalid params: name is required, the tool to call (available: ${available}).`
        : `Invalid params: name must be a string, the tool to call (available: ${available}), not ${kindOf(name)}.`,
    )
  }
  if (!Object.hasOwn(tools, name)) {
    const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name
    return invalidParams(`Unknown tool ${JSON.stringify(shown)}. Available tools: ${available}.`)
  }
  if (args !== undefined && !isObject(args)) {
    return invalidParams(
      `Invalid params: arguments must be an object of named arguments, not ${kindOf(args)}.`,
    )
  }
  const refused = tools[name]!.check(args ?? {})
  return refused ? { outcome: 'result', result: refused } : { outcome: 'run' }
}

/**
 * Puts `checkToolCall` in front of a connected server: a `tools/call` it refuses is answered
 * here, on the transport, and never reaches the SDK (whose own answers are a raw validator dump,
 * an internal error for non-object arguments, and a tool result for an unknown tool).
 */
export function guardToolCalls(transport: Transport, tools: Record<string, ToolArguments>): void {
  const deliver = transport.onmessage
  transport.onmessage = (message, extra) => {
    const request = message as Partial<{ id: string | number; method: string; params: unknown }>
    if (request.method === 'tools/call' && request.id !== undefined) {
      const check = checkToolCall(request.params, tools)
      if (check.outcome !== 'run') {
        const answer: JSONRPCMessage =
          check.outcome === 'error'
            ? { jsonrpc: '2.0', id: request.id, error: check.error }
            : { jsonrpc: '2.0', id: request.id, result: check.result }
        void transport.send(answer).catch((error: unknown) => transport.onerror?.(error as Error))
        return
      }
    }
    deliver?.(message, extra)
  }
}
