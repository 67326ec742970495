import type { CSSProperties, ReactNode } from 'react'

import {
  BAR_CHART_WIDTH,
  BAR_LABEL_WIDTH,
  grandTotal,
  horizontalBarsLayout,
  lineLayout,
  seriesTotals,
  stackedBarsLayout,
  TIME_CHART_SIZE,
  type BarItem,
  type SeriesData,
  type TimeAxes,
} from './layout'
import {
  CHART_BACKGROUND,
  CHART_GRID,
  CHART_MUTED_TEXT,
  CHART_SEPARATOR,
  CHART_TEXT,
} from './palette'

/**
 * The Audience dashboard's charts, drawn on the server as SVG: no script, no chart library.
 * Every label (a path, an agent's name) reaches the markup as a React text child or attribute,
 * which React escapes, never as markup of its own. Each chart is one image to assistive
 * technology (`role="img"`) named by a summary with its numbers (`aria-label`, and `<title>`
 * for a tooltip), with a legend in text beside it; each bar and point has a tooltip of its own.
 * A chart with nothing to show says so in words instead of drawing empty axes.
 */

/** The words and number format a chart needs, in the reader's language. */
export interface ChartWords {
  /** A BCP 47 language tag for the numbers (`en`, `es`). */
  locale: string
  /** Shown instead of a chart with nothing in it. */
  empty: string
  /** "total" / "total", in summaries and tooltips. */
  total: string
}

interface ChartProps {
  /** Unique on the page: the chart's parts are named by it. */
  id: string
  title: string
  words: ChartWords
}

const CARD: CSSProperties = {
  margin: '0 0 1.5rem',
  padding: '1rem',
  background: CHART_BACKGROUND,
  color: CHART_TEXT,
  border: `1px solid ${CHART_GRID}`,
  borderRadius: 6,
}
const SVG_STYLE: CSSProperties = { display: 'block', width: '100%', height: 'auto' }
const CAPTION: CSSProperties = { fontWeight: 600, fontSize: '1rem', margin: '0 0 0.5rem' }
const FONT = { fontFamily: 'inherit', fontSize: 12 } as const

const formatterOf = (locale: string) => new Intl.NumberFormat(locale)

/** "Label 1,234; Other 56": each part's name and count. */
function listed(parts: readonly { label: string; value: number }[], locale: string): string {
  const format = formatterOf(locale)
  return parts.map((part) => `${part.label} ${format.format(part.value)}`).join('; ')
}

function Figure({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <figure className="audience-chart" data-chart={id} style={CARD}>
      <figcaption id={`${id}-caption`} style={CAPTION}>
        {title}
      </figcaption>
      {children}
    </figure>
  )
}

function Empty({ text }: { text: string }) {
  return (
    <p className="audience-chart__empty" role="status" style={{ margin: 0, color: CHART_TEXT }}>
      {text}
    </p>
  )
}

/** The series in words, each with a swatch of its colour and its total. */
/**
 * One chart's figure: its empty state when `empty`, else one image named by `summary` (its
 * `aria-label` and `<title>`), drawn by `children` in a `width` × `height` box, then `after`
 * (a legend).
 */
function ChartFrame({
  id,
  title,
  words,
  empty,
  summary,
  width,
  height,
  after,
  children,
}: ChartProps & {
  empty: boolean
  summary: () => string
  width: number
  height: number
  after?: ReactNode
  children: () => ReactNode
}) {
  if (empty) {
    return (
      <Figure id={id} title={title}>
        <Empty text={words.empty} />
      </Figure>
    )
  }
  const label = summary()
  return (
    <Figure id={id} title={title}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
        style={SVG_STYLE}
      >
        <title>{label}</title>
        {children()}
      </svg>
      {after}
    </Figure>
  )
}

function Legend({
  items,
  locale,
}: {
  items: readonly { key: string; label: string; colour: string; value: number }[]
  locale: string
}) {
  const format = formatterOf(locale)
  return (
    <ul
      className="audience-chart__legend"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: '0.25rem 1.25rem',
        listStyle: 'none',
        margin: '0.75rem 0 0',
        padding: 0,
        fontSize: '0.875rem',
      }}
    >
      {items.map((item) => (
        <li
          key={item.key}
          data-series={item.key}
          style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
        >
          <span
            aria-hidden="true"
            style={{
              display: 'inline-block',
              width: 12,
              height: 12,
              borderRadius: 2,
              background: item.colour,
            }}
          />
          <span>
            {item.label}: {format.format(item.value)}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** Grid lines with their counts, and the categories' labels under the plot. */
function Axes({ axes, locale }: { axes: TimeAxes; locale: string }) {
  const format = formatterOf(locale)
  const { plot } = axes
  return (
    <g aria-hidden="true">
      {axes.ticks.map((tick) => (
        <g key={tick.value}>
          <line
            x1={plot.x}
            x2={plot.x + plot.width}
            y1={tick.y}
            y2={tick.y}
            stroke={CHART_GRID}
            strokeWidth={1}
          />
          <text x={plot.x - 8} y={tick.y + 4} textAnchor="end" fill={CHART_MUTED_TEXT} {...FONT}>
            {format.format(tick.value)}
          </text>
        </g>
      ))}
      {axes.labels.map((label) => (
        <text
          key={label.category.key}
          x={label.x}
          y={plot.y + plot.height + 18}
          textAnchor="middle"
          fill={CHART_MUTED_TEXT}
          {...FONT}
        >
          {label.category.label}
        </text>
      ))}
    </g>
  )
}

/** The summary an assistive technology reads: the title, the total, each series' total. */
function summaryOf(title: string, data: SeriesData, words: ChartWords): string {
  const totals = seriesTotals(data)
  const parts = data.series
    .map((series, index) => ({ label: series.label, value: totals[index] ?? 0 }))
    .filter((part) => part.value > 0)
  const total = formatterOf(words.locale).format(grandTotal(data))
  return `${title}: ${total} ${words.total}. ${listed(parts, words.locale)}.`
}

function legendOf(data: SeriesData) {
  const totals = seriesTotals(data)
  return data.series.map((series, index) => ({ ...series, value: totals[index] ?? 0 }))
}

/** Counts per day (week, month), each bar split into its series, stacked in series order. */
export function StackedBarChart({ id, title, words, data }: ChartProps & { data: SeriesData }) {
  const format = formatterOf(words.locale)
  return (
    <ChartFrame
      id={id}
      title={title}
      words={words}
      empty={grandTotal(data) === 0}
      summary={() => summaryOf(title, data, words)}
      width={TIME_CHART_SIZE.width}
      height={TIME_CHART_SIZE.height}
      after={<Legend items={legendOf(data)} locale={words.locale} />}
    >
      {() => {
        const layout = stackedBarsLayout(data)
        return (
          <>
            <Axes axes={layout} locale={words.locale} />
            {layout.bars.map((bar) => (
              <g key={bar.category.key} data-category={bar.category.key} data-total={bar.total}>
                <title>
                  {`${bar.category.title}: ${format.format(bar.total)} ${words.total}. ` +
                    listed(
                      bar.segments.map((segment) => ({
                        label: segment.series.label,
                        value: segment.value,
                      })),
                      words.locale,
                    )}
                </title>
                {/* The whole column answers the pointer, so a short bar's tooltip is easy to reach. */}
                <rect {...bar.slot} fill="transparent" />
                {bar.segments.map((segment) => (
                  <rect
                    key={segment.series.key}
                    data-series={segment.series.key}
                    data-value={segment.value}
                    {...segment.box}
                    fill={segment.series.colour}
                    stroke={CHART_SEPARATOR}
                    strokeWidth={1}
                  />
                ))}
              </g>
            ))}
          </>
        )
      }}
    </ChartFrame>
  )
}

/** Counts per day (week, month), one line per series, a marker at each count. */
export function LineChart({ id, title, words, data }: ChartProps & { data: SeriesData }) {
  const format = formatterOf(words.locale)
  return (
    <ChartFrame
      id={id}
      title={title}
      words={words}
      empty={grandTotal(data) === 0}
      summary={() => summaryOf(title, data, words)}
      width={TIME_CHART_SIZE.width}
      height={TIME_CHART_SIZE.height}
      after={<Legend items={legendOf(data)} locale={words.locale} />}
    >
      {() => {
        const layout = lineLayout(data)
        return (
          <>
            <Axes axes={layout} locale={words.locale} />
            {layout.lines.map((line) => (
              <g key={line.series.key} data-series={line.series.key}>
                <polyline
                  points={line.points.map((point) => `${point.x},${point.y}`).join(' ')}
                  fill="none"
                  stroke={line.series.colour}
                  strokeWidth={2}
                />
                {line.points.map((point) => (
                  <circle
                    key={point.category.key}
                    data-value={point.value}
                    cx={point.x}
                    cy={point.y}
                    r={point.value > 0 ? 4 : 2}
                    fill={line.series.colour}
                  >
                    <title>{`${point.category.title}: ${line.series.label} ${format.format(point.value)}`}</title>
                  </circle>
                ))}
              </g>
            ))}
          </>
        )
      }}
    </ChartFrame>
  )
}

/** One bar per item (most read first), its label on the left and its count at its end. */
export function HorizontalBarChart({
  id,
  title,
  words,
  items,
  colour,
}: ChartProps & { items: readonly BarItem[]; colour: string }) {
  const shown = items.filter((item) => item.value > 0)
  const layout = horizontalBarsLayout(shown)
  const format = formatterOf(words.locale)
  return (
    <ChartFrame
      id={id}
      title={title}
      words={words}
      empty={shown.length === 0}
      summary={() => `${title}: ${listed(shown, words.locale)}.`}
      width={BAR_CHART_WIDTH}
      height={layout.height}
    >
      {() => (
        <>
          {layout.bars.map((bar, index) => (
            <g key={index} data-label={bar.item.label} data-value={bar.item.value}>
              <title>{`${bar.item.label}: ${format.format(bar.item.value)}`}</title>
              <text
                x={BAR_LABEL_WIDTH - 8}
                y={bar.y + 17}
                textAnchor="end"
                fill={CHART_TEXT}
                {...FONT}
              >
                {bar.shown}
              </text>
              <rect {...bar.box} fill={colour} />
              <text x={bar.box.x + bar.box.width + 6} y={bar.y + 17} fill={CHART_TEXT} {...FONT}>
                {format.format(bar.item.value)}
              </text>
            </g>
          ))}
        </>
      )}
    </ChartFrame>
  )
}
