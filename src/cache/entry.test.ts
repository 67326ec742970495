import { gzipSync } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { createEntry, ownBytes, variantFor } from './entry'

const HTML = { 'content-type': 'text/html; charset=utf-8' }
const page = (text: string) => Buffer.concat([Buffer.from('<html><body>'), Buffer.from(text)])

/** How many bytes a buffer keeps alive: its whole backing store, not its length. */
const heldBy = (bytes: Buffer) => bytes.buffer.byteLength

describe('a stored body', () => {
  it('holds only its own bytes, not the shared slab a small buffer is cut from', () => {
    const body = page('<p>A short page.</p>'.repeat(40))
    // Node cuts small buffers from a shared slab (8 KB on Node 20, 64 KB from Node 22).
    expect(heldBy(body)).toBeGreaterThan(body.length)
    const entry = createEntry('/en/a-post', 200, HTML, body)
    expect(entry.identity.body.equals(body)).toBe(true)
    expect(heldBy(entry.identity.body)).toBe(body.length)
  })

  it('holds its compressed copies in memory of their own too', () => {
    const entry = createEntry(
      '/en/b-post',
      200,
      HTML,
      page('<p>Compressible text. </p>'.repeat(200)),
    )
    for (const encoding of ['gzip', 'br'] as const) {
      const { variant } = variantFor(entry, encoding)
      expect(variant.headers['content-encoding']).toBe(encoding)
      expect(heldBy(variant.body)).toBe(variant.body.length)
    }
  })
})

describe('ownBytes', () => {
  it('copies a slice into memory of its own, the same bytes', () => {
    const compressed = gzipSync(Buffer.from('x'.repeat(5_000)))
    expect(heldBy(compressed)).toBeGreaterThan(compressed.length)
    const own = ownBytes(compressed)
    expect(own.equals(compressed)).toBe(true)
    expect(heldBy(own)).toBe(own.length)
  })

  it('keeps a buffer that already owns its memory as it is', () => {
    const whole = Buffer.allocUnsafeSlow(100).fill(1)
    expect(ownBytes(whole)).toBe(whole)
  })
})
