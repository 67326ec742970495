import { getImageProps } from 'next/image'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { IMAGE_SIZES } from './image-sizes'
import {
  coverSizes,
  PAGE_IMAGE_WIDTHS,
  srcSetWithinWidest,
  variantImage,
  type MediaVariant,
} from './image-loader'

const file = (name: string) => `http://localhost:3000/api/media/file/${name}`

/** What Payload generates for a 1600×900 upload, as src/site/media.ts hands it on. */
const HERO: MediaVariant[] = [
  { url: file('cover-1600x900.webp'), width: 1600, height: 900 },
  { url: file('cover-800x450.webp'), width: 800, height: 450 },
  { url: file('cover-400x225.webp'), width: 400, height: 225 },
]
const CARD: MediaVariant[] = [HERO[1]!, HERO[2]!]

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the media image loader', () => {
  it('srcsets are built from the generated page sizes, not from Next’s default widths', () => {
    expect(PAGE_IMAGE_WIDTHS).toEqual([400, 800, 1600])
    const generated = IMAGE_SIZES.map((size) => size.width)
    for (const width of PAGE_IMAGE_WIDTHS) expect(generated).toContain(width)
  })

  it.each([
    [1, 'cover-400x225.webp'],
    [399, 'cover-400x225.webp'],
    [400, 'cover-400x225.webp'],
    [401, 'cover-800x450.webp'],
    [800, 'cover-800x450.webp'],
    [801, 'cover-1600x900.webp'],
    [1600, 'cover-1600x900.webp'],
    [3840, 'cover-1600x900.webp'],
  ])(
    'for width %i it sends %s (the narrowest at least that wide, else the widest)',
    (width, name) => {
      expect(variantImage(HERO).loader({ width })).toBe(file(name))
    },
  )

  it('the URL changes with the width, whatever order the variants come in', () => {
    const { loader } = variantImage([...HERO].reverse())
    const urls = PAGE_IMAGE_WIDTHS.map((width) => loader({ width }))
    expect(new Set(urls).size).toBe(PAGE_IMAGE_WIDTHS.length)
    expect(urls).toEqual(HERO.map((variant) => variant.url).reverse())
  })

  it('two files of one width count once; the shape asked for first wins', () => {
    const original = { url: file('cover.png'), width: 800, height: 450 }
    const { loader } = variantImage([original, ...CARD])
    expect(loader({ width: 800 })).toBe(file('cover.png'))
    expect(loader({ width: 400 })).toBe(file('cover-400x225.webp'))
  })

  it('an image with one file is not given a srcset; one with more is', () => {
    expect(variantImage([HERO[0]!]).unoptimized).toBe(true)
    expect(variantImage([HERO[0]!, { ...HERO[0]!, url: file('copy.webp') }]).unoptimized).toBe(true)
    expect(variantImage(HERO).unoptimized).toBe(false)
    expect(() => variantImage([])).toThrow()
  })

  it.each([
    ['an article cover', HERO, 1600, '(min-width: 1100px) 1100px, 100vw'],
    ['a card', CARD, 800, '(min-width: 1100px) 350px, (min-width: 700px) 50vw, 100vw'],
    ['a single file', [HERO[0]!], 1600, '100vw'],
  ])('Next.js finds that the loader implements width for %s', (_, variants, width, sizes) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const image = variantImage(variants)
    const { props } = getImageProps({ ...image, alt: '', width, height: 450, sizes })
    expect(warn.mock.calls.flat().join('\n')).not.toContain('does not implement width')
    // Each candidate is a variant's file: no URL Next would resize.
    const candidates = (props.srcSet ?? props.src).split(', ').map((entry) => entry.split(' ')[0])
    for (const url of candidates) expect(variants.map((variant) => variant.url)).toContain(url)
  })

  it('a srcset never names a file under a width wider than the file', () => {
    // An 800-pixel-wide original: its widest file is 800 wide, whatever widths Next lists.
    const small: MediaVariant[] = [
      { url: file('small.png'), width: 800, height: 600 },
      { url: file('small-400x300.webp'), width: 400, height: 300 },
    ]
    const image = variantImage(small)
    const { props } = getImageProps({ ...image, alt: '', width: 800, height: 600, sizes: '100vw' })
    expect(props.srcSet).toMatch(/small\.png (1[6-9]\d\d|[2-9]\d{3})w/)
    expect(srcSetWithinWidest(props.srcSet!, small)).toBe(`${file('small.png')} 800w`)
    expect(
      srcSetWithinWidest(
        `${file('small-400x300.webp')} 400w, ${file('small.png')} 800w, ${file('small.png')} 1600w`,
        small,
      ),
    ).toBe(`${file('small-400x300.webp')} 400w, ${file('small.png')} 800w`)
  })

  it('a cover’s sizes stop at its own width or the slot, whichever is narrower', () => {
    expect(coverSizes(1600, 1100, 40)).toBe('(min-width: 1140px) 1100px, 100vw')
    expect(coverSizes(820, 1100, 40)).toBe('(min-width: 860px) 820px, 100vw')
  })
})
