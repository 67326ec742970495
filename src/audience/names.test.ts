import { describe, expect, it } from 'vitest'

import { NAME_MAX_LENGTH, cleanName, userAgentFamily } from './names'

describe('cleanName', () => {
  it('keeps ordinary client names as they are', () => {
    expect(cleanName('Claude Desktop')).toBe('Claude Desktop')
    expect(cleanName('cursor-vscode (1.2.3)')).toBe('cursor-vscode (1.2.3)')
    expect(cleanName('クライアント')).toBe('クライアント')
  })

  it('drops markup, control and format characters', () => {
    expect(cleanName('<script>alert("x")</script>')).toBe('script alert( x ) /script')
    expect(cleanName('a\u0000b\u001b[31mc\u202Ed\u2066e')).toBe('a b 31mc d e')
    expect(cleanName('"><img src=x onerror=alert(1)>')).not.toMatch(/[<>"'=&]/)
  })

  it('cuts to the length kept, without splitting a character', () => {
    expect(Array.from(cleanName('x'.repeat(10_000))).length).toBe(NAME_MAX_LENGTH)
    const emoji = cleanName('\u{1F600}'.repeat(100))
    expect(emoji).toBe('')
    const cut = cleanName('é'.repeat(100))
    expect(Array.from(cut).length).toBe(NAME_MAX_LENGTH)
  })

  it('gives nothing for what is not text', () => {
    expect(cleanName(undefined)).toBe('')
    expect(cleanName(42)).toBe('')
    expect(cleanName({ name: 'x' })).toBe('')
    expect(cleanName('\u0000\u0001')).toBe('')
  })
})

describe('userAgentFamily', () => {
  it('is the first product token', () => {
    expect(userAgentFamily('curl/8.5.0')).toBe('curl')
    expect(userAgentFamily('python-httpx/0.27.0')).toBe('python-httpx')
    expect(userAgentFamily('node')).toBe('node')
    expect(userAgentFamily('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Mozilla')
    expect(userAgentFamily('<b>bold</b>')).toBe('b bold')
  })
})
