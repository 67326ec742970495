import { describe, expect, it } from 'vitest'

import { env } from '@/env'

import { doc } from '../../tests/support/site-fixtures'
import { nodeIds, unresolvedIds } from '../../tests/support/json-ld'

import { SETTINGS_DEFAULTS } from '@/globals/defaults'

import { documentJsonLd, organizationJsonLd } from './json-ld'

const { en, es } = SETTINGS_DEFAULTS

const post = doc({ id: 1, slug: 'a-post', title: 'A post' })

describe('JSON-LD blocks', () => {
  it.each([
    ['a post', documentJsonLd('posts', post, 'en', en)],
    ['a case study', documentJsonLd('case-studies', post, 'es', es)],
    ['the home page', organizationJsonLd('en', en)],
  ])('%s names by id only nodes it defines', (_, block) => {
    expect(unresolvedIds([block])).toEqual([])
  })

  it('give a document its publisher, the firm, in the same graph', () => {
    const block = documentJsonLd('posts', post, 'es', es)
    const organization = `${env.SITE_URL}/#organization`
    expect(nodeIds([block]).referenced).toEqual([organization])
    expect(block['@graph'][1]).toEqual({
      '@type': 'Organization',
      '@id': organization,
      name: 'Meridian Consulting',
      url: `${env.SITE_URL}/es`,
      description: expect.stringContaining('Meridian Consulting'),
      logo: `${env.SITE_URL}/og-default.png`,
    })
  })

  it('carry the facts the site settings give, and leave out the empty ones', () => {
    const settings = {
      ...en,
      organization: {
        legalName: 'Meridian Consulting S.L.',
        email: 'hello@example.com',
        logo: 'https://cdn.example.com/logo.png',
        sameAs: ['https://www.linkedin.com/company/meridian'],
      },
    }
    expect(organizationJsonLd('en', settings)).toMatchObject({
      legalName: 'Meridian Consulting S.L.',
      email: 'hello@example.com',
      logo: 'https://cdn.example.com/logo.png',
      sameAs: ['https://www.linkedin.com/company/meridian'],
    })
    const plain = organizationJsonLd('en', en)
    expect(Object.keys(plain)).not.toContain('legalName')
    expect(Object.keys(plain)).not.toContain('email')
    expect(Object.keys(plain)).not.toContain('sameAs')
  })
})
