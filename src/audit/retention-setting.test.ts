import { afterEach, describe, expect, it, vi } from 'vitest'

const original = { ...process.env }

async function loadEnv(value: string | undefined) {
  vi.resetModules()
  process.env = { ...original, NODE_ENV: 'test', AUDIT_LOG_RETENTION_DAYS: value }
  if (value === undefined) delete process.env.AUDIT_LOG_RETENTION_DAYS
  return (await import('@/env')).env
}

describe('AUDIT_LOG_RETENTION_DAYS', () => {
  afterEach(() => {
    process.env = { ...original }
  })

  it('keeps entries a year unless told otherwise', async () => {
    expect((await loadEnv(undefined)).AUDIT_LOG_RETENTION_DAYS).toBe(365)
    expect((await loadEnv('30')).AUDIT_LOG_RETENTION_DAYS).toBe(30)
  })

  it('refuses a retention that is not a whole number of days from 1 to 3660', async () => {
    for (const value of ['0', '-5', '1.5', 'a year', '4000']) {
      await expect(loadEnv(value), value).rejects.toThrow(/AUDIT_LOG_RETENTION_DAYS/)
    }
  })
})
