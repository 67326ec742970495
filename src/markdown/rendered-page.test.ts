import { describe, expect, it } from 'vitest'

import { ownOrigin } from './rendered-page'

describe('ownOrigin', () => {
  it.each([
    [undefined, 'http://127.0.0.1:3000'],
    ['0.0.0.0', 'http://127.0.0.1:3000'],
    ['::', 'http://127.0.0.1:3000'],
    ['127.0.0.1', 'http://127.0.0.1:3000'],
    ['10.1.2.3', 'http://10.1.2.3:3000'],
    ['::1', 'http://[::1]:3000'],
  ])('HOST=%s → %s', (host, origin) => {
    expect(ownOrigin(host, 3000)).toBe(origin)
  })
})
