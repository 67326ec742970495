import { describe, expect, it } from 'vitest'

import type { Media } from '@/payload-types'

import { media, richText, site, SITE_URL, upload } from '../../tests/support/site-fixtures'

import { richTextHtml } from './rich-text-html'

const sized = (size: string, width: number, height: number) => ({
  url: `/api/media/file/photo-${size}.webp`,
  width,
  height,
})

const photo = {
  ...media(5, 'photo.png', 'A photo'),
  width: 3000,
  height: 2000,
  sizes: {
    small: sized('small', 400, 267),
    medium: sized('medium', 800, 533),
    large: sized('large', 1600, 1067),
  },
} as Media

describe('richTextHtml images', () => {
  it('serves an image in the text from its generated sizes, lazily, with its size', () => {
    const html = richTextHtml({
      content: richText(upload(5)),
      locale: 'en',
      site: site({}, [photo]),
      siteUrl: SITE_URL,
    })
    expect(html).toBe(
      `<img src="${SITE_URL}/api/media/file/photo-large.webp"` +
        ` srcset="${SITE_URL}/api/media/file/photo-small.webp 400w, ${SITE_URL}/api/media/file/photo-medium.webp 800w, ${SITE_URL}/api/media/file/photo-large.webp 1600w"` +
        ` sizes="(min-width: 760px) 720px, 100vw" alt="A photo" width="1600" height="1067"` +
        ` loading="lazy" decoding="async">`,
    )
    expect(html).not.toContain('photo.png')
  })

  it('puts the files on the site’s URL even when Payload wrote its own server URL', () => {
    const absolute = {
      ...photo,
      sizes: {
        large: {
          ...sized('large', 1600, 1067),
          url: 'http://cms.internal:3000/api/media/file/photo-large.webp',
        },
      },
    } as Media
    const html = richTextHtml({
      content: richText(upload(5)),
      locale: 'en',
      site: site({}, [absolute]),
      siteUrl: SITE_URL,
    })
    expect(html).toContain(`src="${SITE_URL}/api/media/file/photo-large.webp"`)
    expect(html).not.toContain('cms.internal')
  })

  it('gives a credited image its credit as the caption, linked when it has a link', () => {
    const credited = {
      ...photo,
      credit: 'Photo: Ana & Co, CC BY 4.0',
      creditUrl: 'https://example.com/photo?a=1&b=2',
    } as Media
    const html = richTextHtml({
      content: richText(upload(5)),
      locale: 'en',
      site: site({}, [credited]),
      siteUrl: SITE_URL,
    })
    expect(html).toMatch(/^<figure><img [^>]*><figcaption>/)
    expect(html).toContain(
      '<figcaption><a href="https://example.com/photo?a=1&amp;b=2">Photo: Ana &amp; Co, CC BY 4.0</a></figcaption></figure>',
    )
    const unlinked = richTextHtml({
      content: richText(upload(5)),
      locale: 'en',
      site: site({}, [{ ...credited, creditUrl: 'javascript:alert(1)' } as Media]),
      siteUrl: SITE_URL,
    })
    expect(unlinked).toContain('<figcaption>Photo: Ana &amp; Co, CC BY 4.0</figcaption>')
    expect(unlinked).not.toContain('javascript')
  })
})
