/**
 * The geometry of the Audience dashboard's charts, apart from their drawing (charts.tsx): where
 * each bar, segment, point and tick goes in a chart's coordinate space (its SVG `viewBox`). Pure
 * arithmetic on counts, so that what a chart shows can be checked without a browser.
 */

/** One series of a chart: a channel, a verdict, an inquiry source. */
export interface ChartSeries {
  key: string
  /** Shown in the legend and the tooltips, as text. */
  label: string
  colour: string
}

/** One position on a time axis: a day, a week or a month. */
export interface ChartCategory {
  key: string
  /** Short, under the axis (`20 Nov`). */
  label: string
  /** Full, in tooltips and the CSV (`2026-11-20`, `Week of 16 Nov 2026`). */
  title: string
}

/** Counts by category (rows) and series (columns): `values[category][series]`. */
export interface SeriesData {
  categories: readonly ChartCategory[]
  series: readonly ChartSeries[]
  values: readonly (readonly number[])[]
}

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** The space every time chart is drawn in (its viewBox); it scales to the width it is given. */
export const TIME_CHART_SIZE = { width: 960, height: 300 } as const
const TIME_CHART_MARGIN = { top: 16, right: 16, bottom: 36, left: 56 } as const
/** The least room an axis label takes, so that labels never overlap. */
const AXIS_LABEL_MIN_WIDTH = 64

/** Each series' total over every category. */
export function seriesTotals(data: SeriesData): number[] {
  return data.series.map((_, column) =>
    data.values.reduce((sum, row) => sum + (row[column] ?? 0), 0),
  )
}

export const grandTotal = (data: SeriesData): number =>
  seriesTotals(data).reduce((sum, total) => sum + total, 0)

/**
 * Round ticks from 0 to at least `max`: steps of 1, 2 or 5 times a power of ten, whole numbers
 * (counts are), about `target` of them.
 */
export function niceTicks(max: number, target = 4): number[] {
  if (!(max > 0)) return [0, 1]
  const rough = max / target
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough)
  const top = Math.ceil(max / step) * step
  const ticks: number[] = []
  for (let value = 0; value <= top; value += step) ticks.push(value)
  return ticks
}

function plotBox(): Box {
  const { width, height } = TIME_CHART_SIZE
  const margin = TIME_CHART_MARGIN
  return {
    x: margin.left,
    y: margin.top,
    width: width - margin.left - margin.right,
    height: height - margin.top - margin.bottom,
  }
}

export interface Tick {
  value: number
  y: number
}

export interface AxisLabel {
  category: ChartCategory
  /** The centre of its category. */
  x: number
}

export interface TimeAxes {
  plot: Box
  ticks: Tick[]
  /** A label for every n-th category, as many as fit. */
  labels: AxisLabel[]
}

function timeAxes(categories: readonly ChartCategory[], max: number, slot: number): TimeAxes {
  const plot = plotBox()
  const values = niceTicks(max)
  const top = values[values.length - 1]!
  const ticks = values.map((value) => ({
    value,
    y: plot.y + plot.height - (value / top) * plot.height,
  }))
  const every = Math.max(1, Math.ceil(AXIS_LABEL_MIN_WIDTH / slot))
  const labels = categories
    .map((category, index) => ({ category, x: plot.x + slot * index + slot / 2, index }))
    .filter(({ index }) => index % every === 0)
    .map(({ category, x }) => ({ category, x }))
  return { plot, ticks, labels }
}

/** The y of `value` on axes whose top tick is `top`. */
const yOf = (plot: Box, top: number, value: number) =>
  plot.y + plot.height - (value / top) * plot.height

export interface Segment {
  series: ChartSeries
  value: number
  box: Box
}

export interface StackedBar {
  category: ChartCategory
  total: number
  /** Bottom to top, in series order; series with nothing in this category have none. */
  segments: Segment[]
  /** The bar's whole column (its tooltip's area, drawn even when the bar is empty). */
  slot: Box
}

export interface StackedBarsLayout extends TimeAxes {
  bars: StackedBar[]
}

/** Bars of the categories' totals, each split into its series, stacked in series order. */
export function stackedBarsLayout(data: SeriesData): StackedBarsLayout {
  const count = Math.max(1, data.categories.length)
  const plot = plotBox()
  const slot = plot.width / count
  const totals = data.values.map((row) => row.reduce((sum, value) => sum + value, 0))
  const axes = timeAxes(data.categories, Math.max(0, ...totals), slot)
  const top = axes.ticks[axes.ticks.length - 1]!.value
  const gap = Math.min(slot * 0.2, 8)
  const bars = data.categories.map((category, index): StackedBar => {
    const row = data.values[index] ?? []
    const x = plot.x + slot * index + gap / 2
    const width = slot - gap
    let below = 0
    const segments: Segment[] = []
    for (const [column, series] of data.series.entries()) {
      const value = row[column] ?? 0
      if (value <= 0) continue
      const bottom = yOf(plot, top, below)
      below += value
      const y = yOf(plot, top, below)
      segments.push({ series, value, box: { x, y, width, height: bottom - y } })
    }
    return {
      category,
      total: totals[index] ?? 0,
      segments,
      slot: { x: plot.x + slot * index, y: plot.y, width: slot, height: plot.height },
    }
  })
  return { ...axes, bars }
}

export interface LinePoint {
  category: ChartCategory
  value: number
  x: number
  y: number
}

export interface LineLayout extends TimeAxes {
  lines: { series: ChartSeries; points: LinePoint[] }[]
}

/** One line per series through its count in each category (at the category's centre). */
export function lineLayout(data: SeriesData): LineLayout {
  const count = Math.max(1, data.categories.length)
  const plot = plotBox()
  const slot = plot.width / count
  const max = Math.max(0, ...data.values.flatMap((row) => row))
  const axes = timeAxes(data.categories, max, slot)
  const top = axes.ticks[axes.ticks.length - 1]!.value
  const lines = data.series.map((series, column) => ({
    series,
    points: data.categories.map((category, index) => {
      const value = data.values[index]?.[column] ?? 0
      return { category, value, x: plot.x + slot * index + slot / 2, y: yOf(plot, top, value) }
    }),
  }))
  return { ...axes, lines }
}

/** One row of a horizontal bar chart: a path, an agent. */
export interface BarItem {
  label: string
  value: number
}

export const BAR_ROW_HEIGHT = 26
export const BAR_CHART_WIDTH = 960
/** The labels' column: long enough for most paths, the rest shortened (full in the tooltip). */
export const BAR_LABEL_WIDTH = 360
const BAR_VALUE_WIDTH = 72
/** The most characters a label shows before it is shortened with an ellipsis. */
export const BAR_LABEL_MAX_CHARS = 52

export interface HorizontalBar {
  item: BarItem
  /** The label as shown (shortened when long). */
  shown: string
  y: number
  box: Box
}

export interface HorizontalBarsLayout {
  height: number
  /** Where the bars start. */
  x: number
  bars: HorizontalBar[]
}

/** `text` in at most `max` characters (code points), an ellipsis in the middle when cut. */
export function shortened(text: string, max = BAR_LABEL_MAX_CHARS): string {
  const chars = [...text]
  if (chars.length <= max) return text
  const head = Math.ceil((max - 1) / 2)
  const tail = max - 1 - head
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`
}

/** A bar per item, longest for the largest count, in the items' order. */
export function horizontalBarsLayout(items: readonly BarItem[]): HorizontalBarsLayout {
  const max = Math.max(0, ...items.map((item) => item.value))
  const x = BAR_LABEL_WIDTH
  const room = BAR_CHART_WIDTH - BAR_LABEL_WIDTH - BAR_VALUE_WIDTH
  const bars = items.map((item, index) => {
    const y = index * BAR_ROW_HEIGHT
    const width = max > 0 ? Math.max(1, (item.value / max) * room) : 0
    return {
      item,
      shown: shortened(item.label),
      y,
      box: { x, y: y + 4, width, height: BAR_ROW_HEIGHT - 8 },
    }
  })
  return { height: Math.max(1, items.length) * BAR_ROW_HEIGHT, x, bars }
}
