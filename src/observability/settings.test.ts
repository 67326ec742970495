import { afterEach, describe, expect, it, vi } from 'vitest'

const original = { ...process.env }

async function loadEnv(values: Record<string, string | undefined>) {
  vi.resetModules()
  process.env = { ...original, ...values }
  for (const [key, value] of Object.entries(values))
    if (value === undefined) delete process.env[key]
  return (await import('@/env')).env
}

/** The tracing settings as src/env.ts reads them. */
describe('OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME', () => {
  afterEach(() => {
    process.env = { ...original }
  })

  it('are off and named by default; blank is unset', async () => {
    const unset = await loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_SERVICE_NAME: '' })
    expect(unset.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined()
    expect(unset.OTEL_SERVICE_NAME).toBe('consultancy-site')
    const blank = await loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })
    expect(blank.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined()
  })

  it('take an http(s) collector and a name', async () => {
    const set = await loadEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.internal:4318',
      OTEL_SERVICE_NAME: 'site-eu',
    })
    expect(set.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('https://collector.internal:4318')
    expect(set.OTEL_SERVICE_NAME).toBe('site-eu')
  })

  it.each(['collector:4318', 'grpc://collector:4317', 'not a url'])(
    'refuse %s at start, naming the setting',
    async (endpoint) => {
      await expect(loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).rejects.toThrow(
        /OTEL_EXPORTER_OTLP_ENDPOINT/,
      )
    },
  )
})
