import { spawn } from 'node:child_process'

import { describe, expect, it } from 'vitest'

import { scriptNodeArgs, untilStarted } from '../../scripts/lib/script-process'
import { TEST_SECRET } from '../support/app-server'

/** Settings that pass validation; the server then fails later, at the unreachable database. */
const VALID = {
  DATABASE_URL: 'postgres://127.0.0.1:1/none',
  PAYLOAD_SECRET: TEST_SECRET,
  SITE_URL: 'https://example.com',
  SMTP_URL: 'smtp://127.0.0.1:1',
}

async function startServer(
  env: Record<string, string | undefined>,
): Promise<{ code: number; output: string }> {
  let output = ''
  const code = await untilStarted(() => startServerOnce(env, (chunk) => (output = chunk)))
  return { code, output }
}

function startServerOnce(
  env: Record<string, string | undefined>,
  report: (output: string) => void,
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, scriptNodeArgs('src/server/start.ts'), {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        ...env,
      } as NodeJS.ProcessEnv,
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      report(output)
      resolve(code ?? 1)
    })
  })
}

describe('production start', () => {
  it('fails at start, naming each missing setting', async () => {
    const { code, output } = await startServer({ SITE_URL: 'https://example.com' })
    expect(code).not.toBe(0)
    expect(output).toContain('DATABASE_URL')
    expect(output).toContain('PAYLOAD_SECRET')
  })

  it('fails at start on an invalid setting, naming it', async () => {
    const { code, output } = await startServer({ ...VALID, TRUSTED_PROXIES: 'not-an-address' })
    expect(code).not.toBe(0)
    expect(output).toContain('TRUSTED_PROXIES')
    expect(output).not.toContain('PAYLOAD_SECRET:')
    expect(output).not.toContain('SMTP_URL:')
  })

  it('refuses to start without a mail transport, saying what to set', async () => {
    const { code, output } = await startServer({ ...VALID, SMTP_URL: undefined })
    expect(code).not.toBe(0)
    expect(output).toContain('SMTP_URL: required in production')
    expect(output).toContain('MAIL_TRANSPORT=files')
  })

  it('refuses a published default or a weak secret, saying how to make one', async () => {
    for (const secret of ['change-me-to-32-or-more-random-characters', 'ab'.repeat(20)]) {
      const { code, output } = await startServer({ ...VALID, PAYLOAD_SECRET: secret })
      expect(code).not.toBe(0)
      expect(output).toContain('PAYLOAD_SECRET:')
      expect(output).toContain('openssl rand -hex 32')
    }
  })
})
