import { describe, expect, it } from 'vitest'

import { PENDING_CLIENT_NAMES_MAX, noteMcpClient, takeMcpClient } from './mcp-clients'

const withId = (id: string | null) => ({ headers: new Headers(id ? { 'x-request-id': id } : {}) })

describe('MCP client names', () => {
  it('hands the name noted for a request to its count, once, cleaned', () => {
    noteMcpClient(withId('req-1'), '  <b>Claude</b>\u0000 Desktop ')
    expect(takeMcpClient('req-1')).toBe('b Claude /b Desktop')
    expect(takeMcpClient('req-1')).toBeUndefined()
  })

  it('notes nothing without a request id or a name', () => {
    noteMcpClient(withId(null), 'Client')
    noteMcpClient(withId('req-2'), { name: 'not text' })
    noteMcpClient(withId('req-3'), '\u0000')
    expect(takeMcpClient('req-2')).toBeUndefined()
    expect(takeMcpClient('req-3')).toBeUndefined()
    expect(takeMcpClient(undefined)).toBeUndefined()
  })

  it('holds a bounded number of names waiting, the oldest going first', () => {
    for (let index = 0; index <= PENDING_CLIENT_NAMES_MAX; index += 1) {
      noteMcpClient(withId(`flood-${index}`), `Client ${index}`)
    }
    expect(takeMcpClient('flood-0')).toBeUndefined()
    expect(takeMcpClient(`flood-${PENDING_CLIENT_NAMES_MAX}`)).toBe(
      `Client ${PENDING_CLIENT_NAMES_MAX}`,
    )
  })
})
