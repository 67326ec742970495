import { describe, expect, it } from 'vitest'

import { ApiError } from '@/http/errors'

import { parseMediaFilename } from './filename'

describe('parseMediaFilename', () => {
  it.each([
    'photo.png',
    'informe año.pdf',
    'a..b.png',
    '..png',
    '%2e%2e%2fpasswd',
    'x'.repeat(255),
    'ñ'.repeat(127),
  ])('accepts %j unchanged', (name) => {
    expect(parseMediaFilename(name)).toBe(name)
  })

  it.each([
    '',
    '.',
    '..',
    '../secret',
    '..\\secret',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    'dir/photo.png',
    'photo.png\u0000.txt',
    '\u0000',
    'photo\r\n.png',
    'x'.repeat(256),
    'ñ'.repeat(128),
  ])('refuses %j with a 400', (name) => {
    expect(() => parseMediaFilename(name)).toThrow(ApiError)
    try {
      parseMediaFilename(name)
    } catch (error) {
      expect((error as ApiError).status).toBe(400)
    }
  })
})
