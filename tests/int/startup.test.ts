import { spawn } from 'node:child_process'

import { describe, expect, it } from 'vitest'

function startServer(
  env: Record<string, string | undefined>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
      resolve({ code: code ?? 1, output })
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
    const { code, output } = await startServer({
      DATABASE_URL: 'postgres://127.0.0.1:1/none',
      PAYLOAD_SECRET: 'x'.repeat(40),
      SITE_URL: 'https://example.com',
      TRUSTED_PROXIES: 'not-an-address',
    })
    expect(code).not.toBe(0)
    expect(output).toContain('TRUSTED_PROXIES')
    expect(output).not.toContain('PAYLOAD_SECRET:')
  })
})
