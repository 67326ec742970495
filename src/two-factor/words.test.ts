import { describe, expect, it } from 'vitest'

import { twoFactorWords } from './words'

describe('two-factor words', () => {
  const en = twoFactorWords('en') as Record<string, unknown>
  const es = twoFactorWords('es') as Record<string, unknown>

  it('have every label in English and in Spanish, each in its own language', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
    for (const [key, value] of Object.entries(en)) {
      const spanish = es[key]
      const [inEnglish, inSpanish] =
        typeof value === 'function'
          ? [(value as (n: number) => string)(2), (spanish as (n: number) => string)(2)]
          : [value, spanish]
      expect(typeof inSpanish, key).toBe('string')
      expect(inSpanish, key).not.toBe(inEnglish)
    }
  })

  it('name the renewal of recovery codes and count what is left', () => {
    expect(twoFactorWords('en').regenerate).toBe('Generate new recovery codes')
    expect(twoFactorWords('es').regenerate).toBe('Generar nuevos códigos de recuperación')
    expect(twoFactorWords('en').recoveryLeft(3)).toBe('Recovery codes left: 3 of 10.')
    expect(twoFactorWords('fr').regenerate).toBe('Generate new recovery codes')
  })
})
