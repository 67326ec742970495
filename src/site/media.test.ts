import { describe, expect, it } from 'vitest'

import type { Media } from '@/payload-types'

import { variantsOf } from './media'

const file = (name: string, width: number, height: number) => ({
  url: `/api/media/file/${name}-${width}x${height}.webp`,
  width,
  height,
})

/** An uploaded image of `width`×`height` with the sizes Payload generates for it. */
function image(width: number, height: number, sizes: Record<string, ReturnType<typeof file>>) {
  return { id: 1, url: `/api/media/file/original.jpg`, width, height, sizes } as unknown as Media
}

const widths = (media: Media, names: Parameters<typeof variantsOf>[1]) =>
  variantsOf(media, names).map((variant) => variant.width)

describe('variantsOf', () => {
  it("serves a 16:9 original's hero from every 16:9 size, small screens included", () => {
    const media = image(3200, 1800, {
      large: file('large', 1600, 900),
      card: file('card', 800, 450),
      thumbnail: file('thumbnail', 400, 225),
    })
    expect(widths(media, ['large', 'card', 'thumbnail'])).toEqual([1600, 800, 400])
  })

  it("keeps the 16:9 crops out of a portrait original's hero", () => {
    const media = image(2000, 3000, {
      large: file('large', 1600, 2400),
      card: file('card', 800, 450),
      thumbnail: file('thumbnail', 400, 225),
    })
    expect(widths(media, ['large', 'card', 'thumbnail'])).toEqual([1600])
  })

  it('falls back to the original, in its own shape, when the first size was not generated', () => {
    const media = image(1200, 1600, {
      card: file('card', 800, 450),
      thumbnail: file('thumbnail', 400, 225),
    })
    expect(variantsOf(media, ['large', 'card', 'thumbnail'])).toEqual([
      { url: '/api/media/file/original.jpg', width: 1200, height: 1600 },
    ])
  })

  it("serves a card from the card-shaped sizes whatever the original's shape", () => {
    const media = image(2000, 3000, {
      large: file('large', 1600, 2400),
      card: file('card', 800, 450),
      thumbnail: file('thumbnail', 400, 225),
    })
    expect(widths(media, ['card', 'thumbnail'])).toEqual([800, 400])
  })
})
