import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { HorizontalBarChart, LineChart, StackedBarChart, type ChartWords } from './charts'
import type { SeriesData } from './layout'

const WORDS: ChartWords = { locale: 'en', empty: 'No traffic in this range.', total: 'in total' }
const HOSTILE = '</text><script>alert(1)</script><img src=x onerror="alert(2)">'

const category = (key: string) => ({ key, label: key.slice(5), title: key })

function data(values: number[][], labels = ['Person', 'AI crawler']): SeriesData {
  return {
    categories: values.map((_, index) => category(`2026-11-0${index + 1}`)),
    series: labels.map((label, index) => ({
      key: `series-${index}`,
      label,
      colour: index === 0 ? '#0b5cad' : '#b35900',
    })),
    values,
  }
}

const stacked = (props: { data: SeriesData; words?: ChartWords; title?: string }) =>
  renderToStaticMarkup(
    createElement(StackedBarChart, {
      id: 'visits',
      title: props.title ?? 'Visits by channel',
      words: props.words ?? WORDS,
      data: props.data,
    }),
  )

/** The markup holds none of the hostile text's tags, only its escaped text. */
function expectEscaped(html: string) {
  expect(html).not.toMatch(/<script/i)
  expect(html).not.toMatch(/<img/i)
  expect(html).not.toContain('</text><script>')
  expect(html).toContain('&lt;script&gt;')
}

describe('a stacked bar chart', () => {
  it('is one image named by a summary with its numbers, and a legend in text', () => {
    const html = stacked({
      data: data([
        [1200, 34],
        [0, 5],
      ]),
    })
    expect(html).toContain('role="img"')
    expect(html).toContain(
      'aria-label="Visits by channel: 1,239 in total. Person 1,200; AI crawler 39."',
    )
    expect(html).toContain(
      '<title>Visits by channel: 1,239 in total. Person 1,200; AI crawler 39.</title>',
    )
    expect(html).toMatch(/<li data-series="series-0"[^>]*>.*Person: 1,200<\/span><\/li>/)
    // Each bar's tooltip: its day, its total and its parts.
    expect(html).toContain('<title>2026-11-01: 1,234 in total. Person 1,200; AI crawler 34</title>')
    expect(html).toContain('data-total="5"')
  })

  it('writes its numbers in the reader’s language', () => {
    const html = stacked({
      data: data([[1200, 34]], ['Persona', 'Rastreador de IA']),
      words: { locale: 'es', empty: 'No hay tráfico en este periodo.', total: 'en total' },
      title: 'Visitas por canal',
    })
    // Spanish groups thousands from five digits on.
    expect(html).toContain('Visitas por canal: 1234 en total. Persona 1200; Rastreador de IA 34.')
  })

  it('escapes every label: series, categories, title', () => {
    const hostile: SeriesData = {
      categories: [{ key: 'k', label: HOSTILE, title: HOSTILE }],
      series: [{ key: 's', label: HOSTILE, colour: '#0b5cad' }],
      values: [[3]],
    }
    expectEscaped(stacked({ data: hostile, title: HOSTILE }))
  })

  it('says there is no traffic instead of drawing empty axes', () => {
    for (const empty of [
      data([]),
      data([
        [0, 0],
        [0, 0],
      ]),
    ]) {
      const html = stacked({ data: empty })
      expect(html).not.toContain('<svg')
      expect(html).toContain('<p class="audience-chart__empty" role="status"')
      expect(html).toContain('No traffic in this range.')
      expect(html).toContain('Visits by channel')
    }
  })
})

describe('a horizontal bar chart', () => {
  const bars = (items: { label: string; value: number }[]) =>
    renderToStaticMarkup(
      createElement(HorizontalBarChart, {
        id: 'paths',
        title: 'Most read pages: Person',
        words: WORDS,
        items,
        colour: '#0b5cad',
      }),
    )

  it('shows each path and its count as text, in the summary too', () => {
    const html = bars([
      { label: '/en', value: 40 },
      { label: '/es/blog/x', value: 7 },
    ])
    expect(html).toContain('aria-label="Most read pages: Person: /en 40; /es/blog/x 7."')
    expect(html).toMatch(/>\/en<\/text>/)
    expect(html).toMatch(/>40<\/text>/)
  })

  it('escapes hostile paths and agent names, and keeps them whole in the tooltip', () => {
    const html = bars([{ label: HOSTILE, value: 2 }])
    expectEscaped(html)
    expect(html).toContain(
      `data-label="${HOSTILE.replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')}"`,
    )
  })

  it('says there is no traffic when nothing was read', () => {
    const html = bars([{ label: '/en', value: 0 }])
    expect(html).not.toContain('<svg')
    expect(html).toContain('No traffic in this range.')
  })
})

describe('a line chart', () => {
  const lines = (values: number[][], empty = 'No inquiries in this range.') =>
    renderToStaticMarkup(
      createElement(LineChart, {
        id: 'inquiries',
        title: 'Inquiries by source',
        words: { ...WORDS, empty },
        data: data(values, ['Contact form', HOSTILE]),
      }),
    )

  it('draws a line per series with a tooltip at each count', () => {
    const html = lines([
      [2, 1],
      [0, 3],
    ])
    expect(html.match(/<polyline/g)).toHaveLength(2)
    expect(html).toContain('<title>2026-11-02: Contact form 0</title>')
    expect(html).toContain('Inquiries by source: 6 in total.')
    expectEscaped(html)
  })

  it('says there is nothing in the range', () => {
    const html = lines([[0, 0]])
    expect(html).not.toContain('<svg')
    expect(html).toContain('No inquiries in this range.')
  })
})
