import { describe, expect, it } from 'vitest'

import type { Media } from '@/payload-types'

import {
  bestInlineFile,
  firstInlineImageNode,
  inlineImage,
  isSameNode,
  mediaPath,
  PROSE_SLOT,
} from './content-images'

const file = (name: string, width: number, height: number) => ({
  url: `/api/media/file/${name}-${width}x${height}.webp`,
  width,
  height,
})

/** A 2400×1600 PNG as Payload stores it after upload, with every generated size. */
const photo = {
  id: 1,
  alt: 'A diagram',
  mimeType: 'image/png',
  filename: 'diagram.png',
  url: '/api/media/file/diagram.png',
  width: 2400,
  height: 1600,
  sizes: {
    thumbnail: file('thumbnail', 400, 225),
    card: file('card', 800, 450),
    small: file('small', 400, 267),
    medium: file('medium', 800, 533),
    large: file('large', 1600, 1067),
    og: { url: '/api/media/file/og.jpg', width: 1200, height: 630 },
  },
} as unknown as Media

describe('inlineImage', () => {
  it('offers the generated sizes in the image’s own shape, never the original or the crops', () => {
    const image = inlineImage(photo)!
    expect(image.variants.map((variant) => variant.url)).toEqual([
      '/api/media/file/small-400x267.webp',
      '/api/media/file/medium-800x533.webp',
      '/api/media/file/large-1600x1067.webp',
    ])
    expect(image).toMatchObject({ width: 1600, height: 1067, alt: 'A diagram' })
    expect(image.sizes).toBe(`(min-width: ${PROSE_SLOT + 40}px) ${PROSE_SLOT}px, 100vw`)
  })

  it('prefers the node’s own alt text', () => {
    expect(inlineImage(photo, 'In the text')?.alt).toBe('In the text')
  })

  it('is null for what is not a shown image: an id, a PDF, an image of unknown size', () => {
    expect(inlineImage(3)).toBeNull()
    expect(inlineImage({ ...photo, mimeType: 'application/pdf' })).toBeNull()
    expect(inlineImage({ ...photo, width: null })).toBeNull()
  })

  it('falls back to the original when nothing was generated (an upload before the sizes)', () => {
    const old = { ...photo, sizes: {} } as Media
    expect(inlineImage(old)?.variants).toEqual([
      { url: '/api/media/file/diagram.png', width: 2400, height: 1600 },
    ])
  })
})

describe('bestInlineFile', () => {
  it('names the generated size wide enough for the column at twice the density', () => {
    expect(bestInlineFile(photo)?.url).toBe('/api/media/file/large-1600x1067.webp')
  })

  it('names the widest generated size of a small image', () => {
    const small = {
      ...photo,
      width: 900,
      height: 600,
      sizes: { small: file('small', 400, 267), large: file('large', 900, 600) },
    } as unknown as Media
    expect(bestInlineFile(small)?.url).toBe('/api/media/file/large-900x600.webp')
  })
})

describe('firstInlineImageNode', () => {
  const node = (id: string, value: unknown) => ({ type: 'upload', id, value })
  it('finds the first image in document order, nested ones included, past other files', () => {
    const pdf = { ...photo, mimeType: 'application/pdf' }
    const content = {
      root: {
        children: [
          { type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] },
          node('a', pdf),
          { type: 'list', children: [{ type: 'listitem', children: [node('b', photo)] }] },
          node('c', photo),
        ],
      },
    }
    const first = firstInlineImageNode(content)
    expect(first?.id).toBe('b')
    expect(isSameNode({ id: 'b' }, first)).toBe(true)
    expect(isSameNode({ id: 'c' }, first)).toBe(false)
    expect(firstInlineImageNode({ root: { children: [node('x', 3)] } })).toBeNull()
    expect(firstInlineImageNode(null)).toBeNull()
  })
})

describe('mediaPath', () => {
  it('keeps the path and query of relative and absolute URLs', () => {
    expect(mediaPath('/api/media/file/a.webp')).toBe('/api/media/file/a.webp')
    expect(mediaPath('http://cms:3000/api/media/file/a%20b.webp?v=1')).toBe(
      '/api/media/file/a%20b.webp?v=1',
    )
  })
})
