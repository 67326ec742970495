import { afterEach, describe, expect, it, vi } from 'vitest'

import { metricsEnabled } from './endpoint'

const original = { ...process.env }

/** Valid production settings, to add the metrics' to. */
const PRODUCTION = {
  NODE_ENV: 'production',
  NEXT_PHASE: undefined,
  DATABASE_URL: 'postgres://db/app',
  PAYLOAD_SECRET: '3f9c2a7be14d6805f1c7e92ab3d4605c8e1f7a29b0c3d5e6f48a1b2c3d4e5f60',
  SITE_URL: 'https://example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  MAIL_TRANSPORT: undefined,
  PORT: '3000',
  METRICS_TOKEN: undefined,
  METRICS_PORT: undefined,
}

async function loadEnv(values: Record<string, string | undefined>) {
  vi.resetModules()
  process.env = { ...original }
  for (const [key, value] of Object.entries({ ...PRODUCTION, ...values }))
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  return (await import('@/env')).env
}

afterEach(() => {
  process.env = { ...original }
})

describe('the metrics settings', () => {
  it('leave metrics off unless one is set; blank is unset', async () => {
    expect(metricsEnabled(await loadEnv({}))).toBe(false)
    expect(metricsEnabled(await loadEnv({ METRICS_TOKEN: '', METRICS_PORT: '' }))).toBe(false)
    const port = await loadEnv({ METRICS_PORT: '9464' })
    expect(port.METRICS_PORT).toBe(9464)
    expect(metricsEnabled(port)).toBe(true)
  })

  it('take a strong bearer token in production, and refuse a weak or malformed one', async () => {
    const token = 'c1d2e3f4a5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9a'
    expect((await loadEnv({ METRICS_TOKEN: token })).METRICS_TOKEN).toBe(token)
    await expect(loadEnv({ METRICS_TOKEN: 'short' })).rejects.toThrow(
      /METRICS_TOKEN: must be at least/,
    )
    await expect(loadEnv({ METRICS_TOKEN: `${token} more` })).rejects.toThrow(
      /METRICS_TOKEN: must be a bearer token/,
    )
  })

  it('refuse a metrics port that is the site’s', async () => {
    await expect(loadEnv({ METRICS_PORT: '3000' })).rejects.toThrow(
      /METRICS_PORT: must differ from PORT/,
    )
    await expect(loadEnv({ METRICS_PORT: '70000' })).rejects.toThrow(/METRICS_PORT/)
  })
})
