import { describe, expect, it } from 'vitest'

import { checkToolCall, type ToolArguments } from './tool-calls'

const refused = {
  content: [{ type: 'text' as const, text: 'Invalid arguments: x.' }],
  isError: true,
}
const tools: Record<string, ToolArguments> = {
  send_inquiry: { check: (args) => (args.ok === true ? null : refused) },
}

describe('tools/call params', () => {
  it('runs a known tool whose arguments pass its check', () => {
    expect(checkToolCall({ name: 'send_inquiry', arguments: { ok: true } }, tools)).toEqual({
      outcome: 'run',
    })
  })

  it('answers arguments its check refuses with its tool result', () => {
    expect(checkToolCall({ name: 'send_inquiry', arguments: {} }, tools)).toEqual({
      outcome: 'result',
      result: refused,
    })
    // No arguments at all are checked as an empty object.
    expect(checkToolCall({ name: 'send_inquiry' }, tools)).toEqual({
      outcome: 'result',
      result: refused,
    })
  })

  it.each<[unknown, string]>([
    [{ name: 'nope' }, 'Unknown tool "nope". Available tools: send_inquiry.'],
    [{ name: 'toString' }, 'Unknown tool "toString". Available tools: send_inquiry.'],
    [
      { name: 'send_inquiry', arguments: 'x' },
      'Invalid params: arguments must be an object of named arguments, not a string.',
    ],
    [
      { name: 'send_inquiry', arguments: [] },
      'Invalid params: arguments must be an object of named arguments, not an array.',
    ],
    [
      { name: 'send_inquiry', arguments: null },
      'Invalid params: arguments must be an object of named arguments, not null.',
    ],
    [
      { arguments: {} },
      'Invalid params: name is required, the tool to call (available: send_inquiry).',
    ],
    [
      { name: 7 },
      'Invalid params: name must be a string, the tool to call (available: send_inquiry), not a number.',
    ],
    [
      'send_inquiry',
      "Invalid params: tools/call takes an object with the tool's name and arguments, not a string.",
    ],
  ])('%j is Invalid params (-32602): %s', (params, message) => {
    expect(checkToolCall(params, tools)).toEqual({
      outcome: 'error',
      error: { code: -32602, message },
    })
  })

  it('never echoes a long tool name whole', () => {
    const check = checkToolCall({ name: 'x'.repeat(10_000) }, tools)
    expect(check.outcome === 'error' && check.error.message.length).toBeLessThan(200)
  })
})
