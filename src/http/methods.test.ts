import { describe, expect, it } from 'vitest'

import { allowHeader, refuseOtherMethods } from './methods'

describe('refuseOtherMethods', () => {
  it('answers each method a route lacks with a JSON 405 naming the allowed ones', async () => {
    const handlers = refuseOtherMethods('GET', 'POST')
    expect(Object.keys(handlers).sort()).toEqual(['DELETE', 'PATCH', 'PUT'])
    const response = handlers.PUT()
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS, POST')
    expect(await response.json()).toEqual({
      error: {
        code: 'method_not_allowed',
        message: 'This URL supports GET, HEAD, OPTIONS, POST.',
      },
    })
  })

  it('adds HEAD only where GET is implemented', () => {
    expect(allowHeader(['POST'])).toBe('OPTIONS, POST')
    expect(allowHeader(['GET', 'PATCH', 'DELETE'])).toBe('DELETE, GET, HEAD, OPTIONS, PATCH')
  })
})
