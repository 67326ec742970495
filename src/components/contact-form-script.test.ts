import { afterEach, describe, expect, it, vi } from 'vitest'

import { CONTACT_FORM_SCRIPT, enhanceContactForm, REFERRER_HOST_FIELD } from './contact-form-script'

/** Just enough of a browser for the referrer step: an input, the document, the location. */
class FakeInput {
  value = ''
}

function formWith(input: FakeInput | null) {
  return {
    elements: { namedItem: (name: string) => (name === REFERRER_HOST_FIELD ? input : null) },
    addEventListener: () => {},
  } as unknown as HTMLFormElement
}

function filledFrom(referrer: string, siteHost = 'site.example', value = ''): string {
  vi.stubGlobal('HTMLInputElement', FakeInput)
  vi.stubGlobal('document', { referrer })
  vi.stubGlobal('location', { host: siteHost })
  // No DOMParser here: the script stops after the referrer step, as in an old browser.
  vi.stubGlobal('DOMParser', undefined)
  const input = new FakeInput()
  input.value = value
  enhanceContactForm(formWith(input), REFERRER_HOST_FIELD)
  return input.value
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the contact form script's referring site", () => {
  it('is the host of another site the visitor came from', () => {
    expect(filledFrom('https://news.example.org/story?id=1')).toBe('news.example.org')
    expect(filledFrom('http://www.google.com/')).toBe('www.google.com')
  })

  it('is nothing for this site, no referrer, or what is not a web page', () => {
    expect(filledFrom('https://site.example/en/blog/post')).toBe('')
    expect(filledFrom('')).toBe('')
    expect(filledFrom('android-app://com.example.app/')).toBe('')
    expect(filledFrom('not a url')).toBe('')
  })

  it('leaves a value already there (a form the browser restored)', () => {
    expect(filledFrom('https://news.example.org/', 'site.example', 'first.example')).toBe(
      'first.example',
    )
  })

  it('is passed the field the form renders', () => {
    expect(CONTACT_FORM_SCRIPT).toContain(JSON.stringify(REFERRER_HOST_FIELD))
    expect(() => enhanceContactForm(null, REFERRER_HOST_FIELD)).not.toThrow()
  })
})
