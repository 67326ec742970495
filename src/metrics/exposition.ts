/**
 * Reads Prometheus's text format back (what /metrics serves): the families it declares and their
 * samples. For the tests and benchmarks that scrape the server; Prometheus itself, and promtool,
 * are the real readers.
 */
export interface Sample {
  /** The sample's own name: a histogram's `_bucket`, `_sum` and `_count` keep their suffix. */
  name: string
  labels: Record<string, string>
  value: number
}

export interface Family {
  name: string
  type: string
  samples: Sample[]
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g
const HISTOGRAM_PARTS = /_(bucket|sum|count)$/

function labelsOf(text: string | undefined): Record<string, string> {
  const labels: Record<string, string> = {}
  for (const [, name, value] of (text ?? '').matchAll(LABEL))
    labels[name!] = value!.replace(/\\(.)/g, (_, escaped: string) =>
      escaped === 'n' ? '\n' : escaped,
    )
  return labels
}

function valueOf(text: string): number {
  if (text === '+Inf') return Infinity
  if (text === '-Inf') return -Infinity
  return Number(text)
}

/** The families of `text`, by name, each with its samples. */
export function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>()
  for (const line of text.split('\n')) {
    const typeLine = /^# TYPE (\S+) (\S+)$/.exec(line)
    if (typeLine) {
      families.set(typeLine[1]!, { name: typeLine[1]!, type: typeLine[2]!, samples: [] })
      continue
    }
    if (line === '' || line.startsWith('#')) continue
    const match = SAMPLE_LINE.exec(line)
    if (!match) throw new Error(`not a sample line: ${line}`)
    const [, name, labels, value] = match
    const family =
      families.get(name!) ??
      families.get(name!.replace(HISTOGRAM_PARTS, '')) ??
      families.get(name!.replace(/_total$/, ''))
    if (!family) throw new Error(`a sample of no declared family: ${line}`)
    family.samples.push({ name: name!, labels: labelsOf(labels), value: valueOf(value!) })
  }
  return families
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
export function sampleTotal(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number {
  let total = 0
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (sample.name !== name) continue
      if (Object.entries(labels).every(([label, value]) => sample.labels[label] === value))
        total += sample.value
    }
  }
  return total
}
