import { describe, expect, it } from 'vitest'

import { creditLine } from '@/markdown/document'
import { seedCredit } from '@/seed/credits'
import { PHOTO_ASSETS, PORTRAIT_ASSETS } from '@/seed/shipped-assets'

import { creditText } from './credit'

describe('creditText', () => {
  it('is the trimmed credit, or null for none or blanks', () => {
    expect(creditText({ credit: '  Photo: Ana, CC BY 4.0 ' })).toBe('Photo: Ana, CC BY 4.0')
    expect(creditText({ credit: '   ' })).toBeNull()
    expect(creditText({ credit: null })).toBeNull()
    expect(creditText({})).toBeNull()
    expect(creditText(null)).toBeNull()
  })
})

describe('creditLine', () => {
  it('emphasizes the credit as one line, its markup escaped', () => {
    expect(creditLine('Photo: Ana, CC BY 4.0')).toBe('_Photo: Ana, CC BY 4.0_')
    expect(creditLine('Photo: *Ana*\n<b>x</b>')).toBe('_Photo: \\*Ana\\* &lt;b>x&lt;/b>_')
  })
})

describe('seedCredit', () => {
  it('names the author and the licence of every shipped photograph', () => {
    for (const photo of PHOTO_ASSETS) {
      const credit = seedCredit(photo.file)
      expect(credit).toBe(`Photo: ${photo.source.author}, ${credit!.split(', ').at(-1)}`)
      expect(credit).toMatch(/, CC(0 1\.0| BY(-SA)? [34]\.0)$/)
    }
    expect(seedCredit('cover-logistics-cloud-migration.jpg')).toBe(
      'Photo: Lukas Baubkus, CC BY-SA 3.0',
    )
  })

  it('gives the portraits drawn here none', () => {
    for (const portrait of PORTRAIT_ASSETS) expect(seedCredit(portrait.file)).toBeNull()
  })
})
