import { APIError } from 'payload'
import { describe, expect, it } from 'vitest'

import { MEDIA_LIMITS } from './limits'
import { assertWithinSizeLimit, uniqueFilename } from './prepare-upload'

describe('uniqueFilename', () => {
  it('puts a random number before the extension', () => {
    expect(uniqueFilename('photo.png', 12345678)).toBe('photo-12345678.png')
    expect(uniqueFilename('archive.tar.gz', 12345678)).toBe('archive.tar-12345678.gz')
    expect(uniqueFilename('README', 12345678)).toBe('README-12345678')
    expect(uniqueFilename('.hidden', 12345678)).toBe('.hidden-12345678')
  })

  it('gives two uploads of one name two names', () => {
    const names = new Set(Array.from({ length: 50 }, () => uniqueFilename('logo.png')))
    expect(names.size).toBe(50)
    for (const name of names) expect(name).toMatch(/^logo-\d{8}\.png$/)
  })
})

describe('assertWithinSizeLimit', () => {
  it('accepts the limit itself and refuses one byte more with a 413 naming the limit', () => {
    expect(() => assertWithinSizeLimit(MEDIA_LIMITS.maxFileSize)).not.toThrow()
    try {
      assertWithinSizeLimit(MEDIA_LIMITS.maxFileSize + 1)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(APIError)
      expect((error as APIError).status).toBe(413)
      expect((error as APIError).message).toBe('Files are limited to 256 MB.')
    }
  })
})
