import { describe, expect, it } from 'vitest'

import { pathInLocale, paths } from './routes'

describe('paths of sections named in the page language', () => {
  it('names services and the developers page in each language', () => {
    expect(paths.service('en', 'cloud')).toBe('/en/services/cloud')
    expect(paths.service('es', 'cloud')).toBe('/es/servicios/cloud')
    expect(paths.developers('en')).toBe('/en/developers')
    expect(paths.developers('es')).toBe('/es/desarrolladores')
  })

  it('translates a page path: the locale, and the section word where it has one', () => {
    expect(pathInLocale('/en/services/cloud', 'es')).toBe('/es/servicios/cloud')
    expect(pathInLocale('/es/servicios/cloud', 'en')).toBe('/en/services/cloud')
    expect(pathInLocale('/es/desarrolladores', 'en')).toBe('/en/developers')
    expect(pathInLocale('/en/blog/a-post', 'es')).toBe('/es/blog/a-post')
    expect(pathInLocale('/en', 'es')).toBe('/es')
    // Another language's word is not this language's section: left as it is.
    expect(pathInLocale('/en/servicios/cloud', 'es')).toBe('/es/servicios/cloud')
  })
})
