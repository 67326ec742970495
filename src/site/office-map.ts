import { geoMercator, geoPath, type GeoPermissibleObjects } from 'd3-geo'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import land50m from 'world-atlas/land-50m.json'

/** An office as the map places it: a city and its coordinates (degrees). */
export interface MapOffice {
  city: string
  latitude: number
  longitude: number
}

/** The map's size in SVG units (it scales to its container in CSS). */
export const MAP_WIDTH = 640
export const MAP_HEIGHT = 400
/**
 * The smallest stretch of the world the map shows around its offices, in degrees: one office
 * alone, or offices in one city, still show their region (a country or two), not a street.
 */
const MIN_SPAN_DEGREES = 14
/** Land around the offices beyond their own extent, as a share of it on each side. */
const MARGIN_SHARE = 0.35
/** Decimal places of the path's coordinates: a tenth of an SVG unit is finer than any screen. */
const PATH_DIGITS = 1
const DOT_RADIUS = 6

/** Land outlines at 1:50m (Natural Earth through world-atlas), made GeoJSON once per process. */
let landShape: GeoPermissibleObjects | undefined
function land(): GeoPermissibleObjects {
  const topology = land50m as unknown as Topology<{ land: GeometryCollection }>
  landShape ??= feature(topology, topology.objects.land)
  return landShape
}

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (char) =>
      ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )

/** The area the map frames: the offices' extent, with a margin, at least MIN_SPAN_DEGREES. */
function frame(offices: readonly MapOffice[]): GeoPermissibleObjects {
  const lats = offices.map((office) => office.latitude)
  const lons = offices.map((office) => office.longitude)
  const [south, north] = [Math.min(...lats), Math.max(...lats)]
  const [west, east] = [Math.min(...lons), Math.max(...lons)]
  const latPad = Math.max((north - south) * MARGIN_SHARE, (MIN_SPAN_DEGREES - (north - south)) / 2)
  const lonPad = Math.max((east - west) * MARGIN_SHARE, (MIN_SPAN_DEGREES - (east - west)) / 2)
  const s = Math.max(south - latPad, -80)
  const n = Math.min(north + latPad, 80)
  const w = west - lonPad
  const e = east + lonPad
  // A rectangle in degrees (as points, so the fit is to the corners, not a great-circle ring).
  return {
    type: 'MultiPoint',
    coordinates: [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
    ],
  }
}

/**
 * The offices on a regional map, as an SVG document drawn on the server: the land's outline
 * clipped to the frame and a dot (with its city named) per office. No tiles, no script, no
 * request to anyone: a few kilobytes in the page. Null without offices.
 */
export function officeMapSvg(offices: readonly MapOffice[], label: string): string | null {
  const placed = offices.filter(
    (office) => Number.isFinite(office.latitude) && Number.isFinite(office.longitude),
  )
  if (placed.length === 0) return null
  const projection = geoMercator()
    .fitExtent(
      [
        [0, 0],
        [MAP_WIDTH, MAP_HEIGHT],
      ],
      frame(placed),
    )
    .clipExtent([
      [0, 0],
      [MAP_WIDTH, MAP_HEIGHT],
    ])
  const path = geoPath(projection).digits(PATH_DIGITS)
  const landPath = path(land()) ?? ''
  const dots = placed.map((office) => {
    const [x, y] = projection([office.longitude, office.latitude]) ?? [0, 0]
    const [cx, cy] = [x.toFixed(PATH_DIGITS), y.toFixed(PATH_DIGITS)]
    const city = escapeXml(office.city)
    return (
      `<g class="office"><circle cx="${cx}" cy="${cy}" r="${DOT_RADIUS}"><title>${city}</title></circle>` +
      `<text x="${(x + DOT_RADIUS * 1.6).toFixed(PATH_DIGITS)}" y="${(y + DOT_RADIUS / 1.5).toFixed(PATH_DIGITS)}">${city}</text></g>`
    )
  })
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" role="img" aria-label="${escapeXml(label)}" class="office-map">` +
    `<rect class="sea" width="${MAP_WIDTH}" height="${MAP_HEIGHT}"/>` +
    `<path class="land" d="${landPath}"/>` +
    dots.join('') +
    `</svg>`
  )
}
