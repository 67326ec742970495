import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'

import { afterAll, describe, expect, it } from 'vitest'

import { freePort, TEST_SECRET } from '../support/app-server'
import { poll } from '../support/poll'

/**
 * `npm start` as a newcomer runs it, with no DATABASE_URL: the run wrapper (scripts/run.ts, through
 * tsx as the npm script does) starts an embedded PostgreSQL, here in a data directory of its own,
 * migrates it and runs the built server. Ctrl-C in a terminal signals the whole foreground
 * process group, which is what the test does.
 */

const NEVER_STARTED = 13 // Node 20 under tsx, now and then: nothing ran (scripts/lib/script-process.ts)
const work = mkdtempSync(path.join(tmpdir(), 'run-stop-'))
// As root the database runs as the `postgres` user, which must reach its data directory.
chmodSync(work, 0o755)
const dataDir = path.join(work, 'postgres')
let wrapper: ChildProcess | undefined

afterAll(() => {
  if (wrapper?.pid && wrapper.exitCode === null && wrapper.signalCode === null) {
    process.kill(-wrapper.pid, 'SIGKILL')
  }
  const pid = serverPid()
  if (pid !== undefined && alive(pid)) process.kill(pid, 'SIGKILL')
  rmSync(work, { recursive: true, force: true })
})

function serverPid(): number | undefined {
  const lockFile = path.join(dataDir, 'postmaster.pid')
  return existsSync(lockFile) ? Number(readFileSync(lockFile, 'utf8').split('\n')[0]) : undefined
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** How long output may still arrive after the wrapper exits. */
const OUTPUT_END_WAIT_MS = 5_000

interface Run {
  process: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

function startWrapper(env: Record<string, string>): Run {
  const { DATABASE_URL: _ignored, ...inherited } = process.env
  const child = spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/run.ts', 'start'],
    {
      // Its own process group, as a terminal's foreground job is: the test signals the group.
      detached: true,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  // `exit` can come before the last of the output has been read: the exit code is given once
  // both streams have ended too (bounded, in case a process left behind still holds them).
  const outputEnded = Promise.all([once(child.stdout!, 'end'), once(child.stderr!, 'end')])
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      void Promise.race([outputEnded, delay(OUTPUT_END_WAIT_MS)]).then(() => resolve(code))
    }),
  )
  return { process: child, output: () => output, exited }
}

/** Polls `url` until it answers OK (true), or the wrapper has exited (false). */
function untilReady(url: string, run: Run, timeoutMs: number): Promise<boolean> {
  return poll(
    `${url} ready`,
    async () => {
      if (run.process.exitCode !== null) return false
      try {
        if ((await fetch(url)).ok) return true
      } catch {
        // not listening yet
      }
      return undefined
    },
    {
      withinMs: timeoutMs,
      everyMs: 250,
      timeout: () => `${url} did not answer within ${timeoutMs} ms:\n${run.output()}`,
    },
  )
}

describe('stopping the zero-config start', () => {
  it.each([
    // Ctrl-C: the terminal signals the whole foreground process group.
    ['Ctrl-C (SIGINT to the process group)', 'SIGINT', 'group', 130],
    // A process manager signals the process it started, which passes the stop on.
    ['SIGTERM to the wrapper alone', 'SIGTERM', 'wrapper', 143],
  ] as const)(
    '%s stops the app, then the database, then itself: no stack traces, nothing left running',
    async (_, signal, target, expectedCode) => {
      // Seeding demo content is not what is tested here (the marker sits beside the data directory).
      writeFileSync(path.join(work, 'seeded'), 'skipped by the test')
      const port = await freePort()
      const env = {
        EMBEDDED_PG_DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        PORT: String(port),
        HOST: '127.0.0.1',
        PAYLOAD_SECRET: TEST_SECRET,
        NEXT_TELEMETRY_DISABLED: '1',
      }
      let run = startWrapper(env)
      for (
        let attempt = 1;
        !(await untilReady(`http://127.0.0.1:${port}/api/ready`, run, 150_000));
        attempt += 1
      ) {
        const code = await run.exited
        if (code !== NEVER_STARTED || attempt === 3) {
          throw new Error(`exit ${code}:\n${run.output()}`)
        }
        run = startWrapper(env)
      }
      wrapper = run.process
      expect((await fetch(`http://127.0.0.1:${port}/en`)).status).toBe(200)
      const database = serverPid()
      expect(database !== undefined && alive(database)).toBe(true)

      process.kill(target === 'group' ? -run.process.pid! : run.process.pid!, signal)
      const code = await Promise.race([
        run.exited,
        new Promise((resolve) => setTimeout(() => resolve('still running'), 30_000)),
      ])

      const output = run.output()
      expect(code, output).toBe(expectedCode)
      // The app finished its shutdown (its database was still there), then the database stopped.
      expect(output).toContain(`"signal":"${signal}"`)
      expect(output).toContain('"msg":"stopped"')
      expect(output).not.toMatch(/^\s+at /m)
      expect(output).not.toMatch(/Error|uncaught|"level":"(error|fatal)"/i)
      expect(alive(database!)).toBe(false)
      expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false)
    },
    240_000,
  )
})
