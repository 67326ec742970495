import { describe, expect, it } from 'vitest'

import { MAP_HEIGHT, MAP_WIDTH, officeMapSvg } from './office-map'

const MADRID = { city: 'Madrid', latitude: 40.4168, longitude: -3.7038 }
const LISBON = { city: 'Lisbon', latitude: 38.7223, longitude: -9.1393 }

/** The dots' centres, as drawn. */
const dotsOf = (svg: string) =>
  [...svg.matchAll(/<circle cx="([\d.-]+)" cy="([\d.-]+)"/g)].map(([, x, y]) => [
    Number(x),
    Number(y),
  ])

describe('officeMapSvg', () => {
  it('draws nothing without offices', () => {
    expect(officeMapSvg([], 'Offices')).toBeNull()
  })

  it('draws the land and one named dot per office, inside the frame', () => {
    const svg = officeMapSvg([MADRID, LISBON], 'Our offices')!
    expect(svg).toMatch(
      /^<svg [^>]*viewBox="0 0 640 400"[^>]*role="img"[^>]*aria-label="Our offices"/,
    )
    expect(svg).toMatch(/<path class="land" d="M[\d.,LMZ-]+/)
    expect(svg).toContain('<title>Madrid</title>')
    expect(svg).toContain('>Lisbon</text>')
    const dots = dotsOf(svg)
    expect(dots).toHaveLength(2)
    for (const [x, y] of dots) {
      expect(x).toBeGreaterThan(0)
      expect(x).toBeLessThan(MAP_WIDTH)
      expect(y).toBeGreaterThan(0)
      expect(y).toBeLessThan(MAP_HEIGHT)
    }
    // Lisbon is west and south of Madrid: left of it and lower on the map.
    const [madrid, lisbon] = dots as [number[], number[]]
    expect(lisbon[0]).toBeLessThan(madrid[0]!)
    expect(lisbon[1]).toBeGreaterThan(madrid[1]!)
  })

  it('frames a region, not the world: small enough to send in the page', () => {
    const svg = officeMapSvg([MADRID], 'Madrid')!
    // The land outside the frame is clipped away and coordinates carry one decimal.
    expect(svg.length).toBeLessThan(40_000)
    expect(svg).not.toMatch(/\d\.\d{2,}/)
    const [[x, y]] = dotsOf(svg) as [number[]]
    // One office alone sits in the middle of its region.
    expect(Math.abs(x! - MAP_WIDTH / 2)).toBeLessThan(MAP_WIDTH / 4)
    expect(Math.abs(y! - MAP_HEIGHT / 2)).toBeLessThan(MAP_HEIGHT / 4)
  })

  it('escapes city names and the label', () => {
    const svg = officeMapSvg([{ ...MADRID, city: '<Madrid & "Co">' }], 'A <map>')!
    expect(svg).toContain('&lt;Madrid &amp; &quot;Co&quot;&gt;')
    expect(svg).toContain('aria-label="A &lt;map&gt;"')
    expect(svg).not.toContain('<Madrid')
  })

  it('leaves out offices without coordinates', () => {
    const svg = officeMapSvg([MADRID, { city: 'Nowhere', latitude: NaN, longitude: 0 }], 'x')!
    expect(dotsOf(svg)).toHaveLength(1)
  })
})
