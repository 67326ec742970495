/**
 * The charts' colours. Every chart is drawn on its own light card (CHART_BACKGROUND), whatever the
 * admin's theme, so each colour is chosen against one background: marks (bars, lines, legend
 * swatches) at least 3:1 (WCAG 2.2, 1.4.11 non-text contrast), text at least 4.5:1 (1.4.3).
 * palette.test.ts holds every colour here to those ratios.
 */

export const CHART_BACKGROUND = '#ffffff'
/** Labels, values and titles. */
export const CHART_TEXT = '#1f2328'
/** Axis tick labels: lighter than the text, still 4.5:1. */
export const CHART_MUTED_TEXT = '#57606a'
/** Grid lines only guide the eye; the values are in the labels and the CSV. */
export const CHART_GRID = '#d0d7de'
/** Drawn between stacked segments, so that two neighbours never depend on telling hues apart. */
export const CHART_SEPARATOR = CHART_BACKGROUND

/**
 * Series colours, in the order series take them: dark enough for 3:1 on white, apart in hue and
 * in lightness (the order puts neighbours far apart for readers who tell fewer hues apart).
 */
export const SERIES_COLOURS = [
  '#0b5cad', // blue (the site's brand)
  '#b35900', // orange
  '#1b7837', // green
  '#a6177a', // magenta
  '#5a3d9a', // purple
  '#00758f', // teal
  '#b2182b', // red
  '#5c6770', // grey
] as const

/** The colour of the `index`-th series (the palette repeats past its end). */
export function seriesColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length]!
}

/** The access verdicts' colours: allowed, stated refusal, refused with 403. */
export const VERDICT_COLOURS = {
  allowed: '#1b7837',
  stated: '#b35900',
  refused: '#b2182b',
} as const

function channelOf(hex: string, offset: number): number {
  const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
}

/** WCAG's relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`)
  return 0.2126 * channelOf(hex, 1) + 0.7152 * channelOf(hex, 3) + 0.0722 * channelOf(hex, 5)
}

/** WCAG's contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}
