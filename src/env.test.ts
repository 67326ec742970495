import { afterEach, describe, expect, it, vi } from 'vitest'

const original = { ...process.env }

async function loadEnv(values: Record<string, string | undefined>) {
  vi.resetModules()
  process.env = { ...original, ...values }
  for (const [key, value] of Object.entries(values))
    if (value === undefined) delete process.env[key]
  return (await import('./env')).env
}

describe('env', () => {
  afterEach(() => {
    process.env = { ...original }
  })

  it('uses safe local defaults outside production', async () => {
    const env = await loadEnv({
      NODE_ENV: 'development',
      PAYLOAD_SECRET: undefined,
      SITE_URL: undefined,
      PORT: '4000',
    })
    expect(env.PORT).toBe(4000)
    expect(env.SITE_URL).toBe('http://localhost:4000')
    expect(env.PAYLOAD_SECRET.length).toBeGreaterThan(0)
  })

  it('fails in production naming each missing setting', async () => {
    await expect(
      loadEnv({
        NODE_ENV: 'production',
        NEXT_PHASE: undefined,
        DATABASE_URL: undefined,
        PAYLOAD_SECRET: undefined,
        SITE_URL: 'https://example.com',
      }),
    ).rejects.toThrow(/DATABASE_URL[\s\S]*PAYLOAD_SECRET|PAYLOAD_SECRET[\s\S]*DATABASE_URL/)
  })

  it('fails in production on an invalid value, naming it', async () => {
    await expect(
      loadEnv({
        NODE_ENV: 'production',
        NEXT_PHASE: undefined,
        DATABASE_URL: 'mysql://nope',
        PAYLOAD_SECRET: 'x'.repeat(40),
        SITE_URL: 'https://example.com',
      }),
    ).rejects.toThrow(/DATABASE_URL/)
    await expect(
      loadEnv({
        NODE_ENV: 'production',
        NEXT_PHASE: undefined,
        DATABASE_URL: 'postgres://db/app',
        PAYLOAD_SECRET: 'short',
        SITE_URL: 'https://example.com',
      }),
    ).rejects.toThrow(/PAYLOAD_SECRET/)
  })

  it('does not demand secrets while `next build` compiles', async () => {
    const env = await loadEnv({
      NODE_ENV: 'production',
      NEXT_PHASE: 'phase-production-build',
      DATABASE_URL: undefined,
      PAYLOAD_SECRET: undefined,
      SITE_URL: undefined,
    })
    expect(env.SITE_URL).toMatch(/^http:\/\/localhost:/)
  })

  it('strips a trailing slash from SITE_URL', async () => {
    const env = await loadEnv({ NODE_ENV: 'development', SITE_URL: 'https://example.com/' })
    expect(env.SITE_URL).toBe('https://example.com')
  })
})
