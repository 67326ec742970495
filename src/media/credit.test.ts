import { describe, expect, it } from 'vitest'

import { creditLine, mediaCreditLine } from '@/markdown/credit'
import { LICENCE_URLS, seedCredit, seedCreditUrl } from '@/seed/credits'
import { PHOTO_ASSETS, PORTRAIT_ASSETS } from '@/seed/shipped-assets'

import { creditLink, creditText, MEDIA_CREDIT_URL_MAX_LENGTH, validateCreditUrl } from './credit'

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
  it('links the whole credit when it has a link', () => {
    expect(creditLine('Photo: *Ana*, CC BY 4.0', 'https://example.com/a (b)')).toBe(
      '_[Photo: \\*Ana\\*, CC BY 4.0](https://example.com/a%20%28b%29)_',
    )
    expect(mediaCreditLine({ credit: ' Photo: Ana ', creditUrl: ' https://example.com/x ' })).toBe(
      '_[Photo: Ana](https://example.com/x)_',
    )
    expect(mediaCreditLine({ credit: 'Photo: Ana', creditUrl: 'ftp://example.com/x' })).toBe(
      '_Photo: Ana_',
    )
    expect(mediaCreditLine({ credit: ' ', creditUrl: 'https://example.com/x' })).toBeNull()
  })
})

describe('creditLink', () => {
  it('is an http(s) link of a credited picture, or null', () => {
    const credit = 'Photo: Ana'
    expect(creditLink({ credit, creditUrl: 'https://example.com/p' })).toBe('https://example.com/p')
    expect(creditLink({ credit, creditUrl: 'HTTP://example.com/p' })).toBe('HTTP://example.com/p')
    for (const creditUrl of [
      'javascript:alert(1)',
      'data:text/html,x',
      '/relative',
      'example.com',
      'https://',
      'https:///path',
      'https://exa mple.com',
      null,
      '',
    ]) {
      expect(creditLink({ credit, creditUrl }), String(creditUrl)).toBeNull()
    }
    // A link alone has no words to sit on.
    expect(creditLink({ credit: null, creditUrl: 'https://example.com/p' })).toBeNull()
  })
})

describe('validateCreditUrl', () => {
  it('accepts none or an http(s) URL', () => {
    for (const value of [null, undefined, '', 'https://example.com', 'http://example.com/a?b#c']) {
      expect(validateCreditUrl(value)).toBe(true)
    }
  })

  it('refuses anything else with a message saying what is expected, in the editor’s language', () => {
    for (const value of ['javascript:alert(1)', 'mailto:a@example.com', 'example.com', 42]) {
      expect(validateCreditUrl(value)).toBe(
        'The credit link must be a web address starting with https:// or http://.',
      )
    }
    expect(validateCreditUrl('javascript:x', { req: { i18n: { language: 'es' } } })).toMatch(
      /^El enlace del crédito debe ser una dirección web/,
    )
    expect(
      validateCreditUrl(`https://example.com/${'a'.repeat(MEDIA_CREDIT_URL_MAX_LENGTH)}`),
    ).toMatch(/at most 2000 characters/)
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
    for (const portrait of PORTRAIT_ASSETS) {
      expect(seedCredit(portrait.file)).toBeNull()
      expect(seedCreditUrl(portrait.file)).toBeNull()
    }
  })

  it('links every shipped photograph’s credit to its licence’s deed', () => {
    for (const photo of PHOTO_ASSETS) {
      const url = seedCreditUrl(photo.file)!
      expect(url).toBe(LICENCE_URLS[photo.source.licence])
      expect(validateCreditUrl(url)).toBe(true)
    }
    expect(seedCreditUrl('cover-logistics-cloud-migration.jpg')).toBe(
      'https://creativecommons.org/licenses/by-sa/3.0/',
    )
  })
})
