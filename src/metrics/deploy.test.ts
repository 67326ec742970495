import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { startMetrics } from './endpoint'
import { parseExposition } from './exposition'
import { PROCESS_FAMILIES, SITE_FAMILIES } from './families'
import { siteMetrics } from './registry'

/** Debian's `prometheus` package's promtool (on PATH). */
const promtool = (args: string[], cwd?: string) =>
  execFileSync('promtool', args, { cwd, encoding: 'utf8', stdio: 'pipe' })

const root = path.resolve(import.meta.dirname, '../..')
const prometheusDir = path.join(root, 'deploy/prometheus')
const dashboard = JSON.parse(
  readFileSync(path.join(root, 'deploy/grafana/dashboard.json'), 'utf8'),
) as {
  panels: { type: string; title: string; targets?: { expr: string }[] }[]
}
const dashboardQueries = dashboard.panels.flatMap((panel) =>
  (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })),
)

/** The metric names a PromQL expression reads, a histogram's parts by their family's name. */
function familiesIn(expr: string): string[] {
  return [...expr.matchAll(/\b(?:site|nodejs|process)_[a-z0-9_]+/g)].map(([name]) =>
    name.replace(/_(bucket|sum|count)$/, ''),
  )
}

const served = new Set<string>([...SITE_FAMILIES, ...PROCESS_FAMILIES])

describe('the site families', () => {
  it('are exactly what the registry serves under site_', async () => {
    startMetrics()
    const families = parseExposition(await siteMetrics().registry.metrics())
    expect([...families.keys()].filter((name) => name.startsWith('site_')).sort()).toEqual(
      [...SITE_FAMILIES].sort(),
    )
    for (const name of PROCESS_FAMILIES) expect(families.has(name), name).toBe(true)
  })
})

describe('deploy/prometheus', () => {
  it('alerts.yml passes `promtool check rules`, with three alerts', () => {
    expect(promtool(['check', 'rules', 'alerts.yml'], prometheusDir)).toContain(
      'SUCCESS: 3 rules found',
    )
  })

  it('alerts.test.yml passes `promtool test rules`', () => {
    expect(promtool(['test', 'rules', 'alerts.test.yml'], prometheusDir)).toContain('SUCCESS')
  })

  it('prometheus.yml passes `promtool check config`', () => {
    expect(promtool(['check', 'config', 'prometheus.yml'], prometheusDir)).toContain(
      'is valid prometheus config file syntax',
    )
  })

  it('alerts only on families the site serves', () => {
    const rules = readFileSync(path.join(prometheusDir, 'alerts.yml'), 'utf8')
    const exprs = [...rules.matchAll(/expr: \|?\n?([\s\S]*?)\n\s+(?:for|labels):/g)]
    expect(exprs).toHaveLength(3)
    for (const [, expr] of exprs) {
      expect(familiesIn(expr!).length).toBeGreaterThan(0)
      for (const name of familiesIn(expr!)) expect(served.has(name), name).toBe(true)
    }
  })
})

describe('deploy/grafana/dashboard.json', () => {
  it('charts every site family, and only families the site serves', () => {
    const charted = new Set(dashboardQueries.flatMap(({ expr }) => familiesIn(expr)))
    for (const name of charted) expect(served.has(name), name).toBe(true)
    for (const name of SITE_FAMILIES) expect(charted.has(name), name).toBe(true)
  })

  it('asks Prometheus only valid PromQL (each query checked by promtool as a recording rule)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-rules-'))
    try {
      // Grafana's variables, as it fills them in.
      const rules = dashboardQueries.map(({ expr }, index) => ({
        record: `dashboard:query_${index}`,
        expr: expr.replaceAll('$__rate_interval', '1m').replaceAll('$instance', '.*'),
      }))
      writeFileSync(
        path.join(dir, 'rules.yml'),
        JSON.stringify({ groups: [{ name: 'dashboard', rules }] }),
      )
      expect(promtool(['check', 'rules', 'rules.yml'], dir)).toContain(
        `SUCCESS: ${rules.length} rules found`,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
