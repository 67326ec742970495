import { afterEach, describe, expect, it, vi } from 'vitest'

const original = { ...process.env }

/** A secret production accepts (what `openssl rand -hex 32` prints). */
const STRONG_SECRET = '3f9c2a7be14d6805f1c7e92ab3d4605c8e1f7a29b0c3d5e6f48a1b2c3d4e5f60'

/** Valid production settings, to vary one at a time. */
const PRODUCTION = {
  NODE_ENV: 'production',
  NEXT_PHASE: undefined,
  DATABASE_URL: 'postgres://db/app',
  PAYLOAD_SECRET: STRONG_SECRET,
  SITE_URL: 'https://example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  MAIL_TRANSPORT: undefined,
  ALERT_WEBHOOK_URL: undefined,
}

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

  it('turns each optimisation beneath the frameworks off by its switch, or all by one', async () => {
    const clear = {
      FRAMEWORK_BYPASSES: undefined,
      DATABASE_PREPARED_STATEMENTS: undefined,
      PUBLISHED_READS: undefined,
      RESPONSE_CACHE: undefined,
      IN_PROCESS_ROUTES: undefined,
      NEXT_RUNTIME_REMOVAL: undefined,
      BUILT_CONFIG: undefined,
    }
    const allOn = {
      preparedStatements: true,
      sqlPublishedReads: true,
      responseCache: true,
      inProcessRoutes: true,
      nextRuntimeRemoval: true,
      builtConfig: true,
    }
    expect((await loadEnv(clear)).bypasses).toEqual(allOn)
    expect((await loadEnv({ ...clear, IN_PROCESS_ROUTES: 'off' })).bypasses).toEqual({
      ...allOn,
      inProcessRoutes: false,
    })
    expect((await loadEnv({ ...clear, PUBLISHED_READS: 'local-api' })).bypasses).toEqual({
      ...allOn,
      sqlPublishedReads: false,
    })
    const off = (await loadEnv({ ...clear, FRAMEWORK_BYPASSES: 'off' })).bypasses
    expect(Object.values(off)).toEqual(Object.values(allOn).map(() => false))
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
        PAYLOAD_SECRET: STRONG_SECRET,
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

  it('accepts valid production settings, sending mail over SMTP', async () => {
    const env = await loadEnv(PRODUCTION)
    expect(env.mailTransport).toBe('smtp')
    expect(env.PAYLOAD_SECRET).toBe(STRONG_SECRET)
  })

  it('refuses to start production without a mail transport, saying what to set', async () => {
    const refusal = loadEnv({ ...PRODUCTION, SMTP_URL: undefined })
    await expect(refusal).rejects.toThrow(/SMTP_URL: required in production/)
    await expect(refusal).rejects.toThrow(/MAIL_TRANSPORT=files/)
    await expect(loadEnv({ ...PRODUCTION, SMTP_URL: '' })).rejects.toThrow(/SMTP_URL/)
  })

  it('stores mail as files in production only when told to, and then with no SMTP_URL', async () => {
    const env = await loadEnv({ ...PRODUCTION, SMTP_URL: undefined, MAIL_TRANSPORT: 'files' })
    expect(env.mailTransport).toBe('files')
    await expect(loadEnv({ ...PRODUCTION, MAIL_TRANSPORT: 'files' })).rejects.toThrow(
      /SMTP_URL: must be unset with MAIL_TRANSPORT=files/,
    )
    await expect(loadEnv({ ...PRODUCTION, MAIL_TRANSPORT: 'carrier-pigeon' })).rejects.toThrow(
      /MAIL_TRANSPORT/,
    )
    // A blank setting (as compose passes an unset variable) is no choice at all.
    expect((await loadEnv({ ...PRODUCTION, MAIL_TRANSPORT: '' })).mailTransport).toBe('smtp')
    await expect(loadEnv({ ...PRODUCTION, SMTP_URL: '', MAIL_TRANSPORT: '' })).rejects.toThrow(
      /SMTP_URL: required in production/,
    )
  })

  it('refuses an SMTP_URL that is not smtp:// or smtps://', async () => {
    await expect(loadEnv({ ...PRODUCTION, SMTP_URL: 'http://mail.example.com' })).rejects.toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    )
  })

  it('writes mail to files by default in development, and uses SMTP_URL when set', async () => {
    const local = await loadEnv({ NODE_ENV: 'development', SMTP_URL: undefined })
    expect(local.mailTransport).toBe('files')
    const withSmtp = await loadEnv({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:1025' })
    expect(withSmtp.mailTransport).toBe('smtp')
    await expect(
      loadEnv({ NODE_ENV: 'development', SMTP_URL: undefined, MAIL_TRANSPORT: 'smtp' }),
    ).rejects.toThrow(/SMTP_URL: required with MAIL_TRANSPORT=smtp/)
  })

  it('validates ALERT_WEBHOOK_URL', async () => {
    const env = await loadEnv({ ...PRODUCTION, ALERT_WEBHOOK_URL: 'https://hooks.example.com/x' })
    expect(env.ALERT_WEBHOOK_URL).toBe('https://hooks.example.com/x')
    await expect(loadEnv({ ...PRODUCTION, ALERT_WEBHOOK_URL: 'not a url' })).rejects.toThrow(
      /ALERT_WEBHOOK_URL/,
    )
  })

  it('refuses a published default secret in production, saying how to make one', async () => {
    const refusal = loadEnv({
      ...PRODUCTION,
      PAYLOAD_SECRET: 'change-me-to-32-or-more-random-characters',
    })
    await expect(refusal).rejects.toThrow(/PAYLOAD_SECRET: is a published example value/)
    await expect(refusal).rejects.toThrow(/openssl rand -hex 32/)
  })

  it('refuses a weak secret in production: too short, or too few distinct characters', async () => {
    await expect(loadEnv({ ...PRODUCTION, PAYLOAD_SECRET: 'x'.repeat(40) })).rejects.toThrow(
      /PAYLOAD_SECRET: has only 1 distinct characters/,
    )
    await expect(
      loadEnv({ ...PRODUCTION, PAYLOAD_SECRET: STRONG_SECRET.slice(0, 31) }),
    ).rejects.toThrow(/PAYLOAD_SECRET: must be at least 32 characters/)
  })
})
