import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

import { scriptNodeArgs, untilStarted } from '../../scripts/lib/script-process'
import { serverBundlePath, serverEnv, serverNodeArgs } from '../../scripts/lib/server-bundle'

import { poll } from './poll'

export interface AppServer {
  url: string
  port: number
  process: ChildProcess
  stop: () => Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export const TEST_SECRET = 'test-secret-0123456789abcdef0123456789abcdef'

/**
 * Runs a script of the project with tsx (scriptNodeArgs), resolving with its exit code. Its output
 * (Payload logs errors as JSON on stdout) is kept, and shown when the script fails.
 */
export function runScript(script: string, env: Record<string, string>): Promise<number> {
  return untilStarted(() => runScriptOnce(script, env))
}

function runScriptOnce(script: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, scriptNodeArgs(script), {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('exit', (code, signal) => {
      if (code !== 0) {
        process.stderr.write(
          `${script} failed (${signal ? `signal ${signal}` : `exit ${code}`}):\n${output}\n`,
        )
      }
      resolve(code ?? 1)
    })
  })
}

/**
 * Starts the production build with the project's server (its bundle of src/server/start.ts, what `npm start`
 * runs) as a separate process, and waits until it answers. Output: .data/test-logs/<name>.log.
 * `options.dir` starts the build of another checkout instead (a benchmark compares against the
 * previous release's): its server bundle, run from that directory as its `npm start` would.
 * `options.nodeArgs` go to Node before the bundle (a benchmark's `--cpu-prof`). `SERVER_NODE`, a
 * path to another Node.js binary, runs the server on it (the Docker image's release line, say),
 * while the tests and benchmarks themselves stay on the Node that runs them; `options.node`
 * names one for this server alone (a benchmark comparing two); `options.readyWithinMs`, how long
 * it may take to answer (a server run under valgrind starts some fifty times slower).
 */
export async function startApp(
  name: string,
  env: Record<string, string>,
  options: { dir?: string; nodeArgs?: string[]; node?: string; readyWithinMs?: number } = {},
): Promise<AppServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  mkdirSync('.data/test-logs', { recursive: true })
  const log = createWriteStream(path.join('.data/test-logs', `${name}.log`))
  const child = spawn(
    options.node || process.env.SERVER_NODE || process.execPath,
    [...serverNodeArgs(), ...(options.nodeArgs ?? []), serverBundlePath()],
    {
      cwd: options.dir,
      env: {
        ...process.env,
        ...serverEnv(),
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        PAYLOAD_SECRET: TEST_SECRET,
        SITE_URL: url,
        HOST: '127.0.0.1',
        PORT: String(port),
        // Production starts only with a mail transport: instances that are given no SMTP server
        // store their mail as files, as they must be told to.
        ...(env.SMTP_URL ? {} : { MAIL_TRANSPORT: 'files' }),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  const exited = new Promise<never>((_, reject) =>
    child.on('exit', (code) =>
      reject(new Error(`${name} exited with ${code}; see .data/test-logs`)),
    ),
  )
  // Readiness initialises the app (Payload, its pool) before the first test request.
  await Promise.race([waitForHttp(`${url}/api/ready`, options.readyWithinMs ?? 90_000), exited])
  return {
    url,
    port,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Polls `url` until it answers at all (any status). */
async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  await poll(
    `an answer from ${url}`,
    async () => {
      try {
        await fetch(url)
        return true
      } catch {
        return undefined
      }
    },
    { withinMs: timeoutMs, everyMs: 250, timeout: `${url} did not answer within ${timeoutMs} ms` },
  )
}
