/** What the benchmarks share: a build to run, the server's memory and CPU, an admin to act as. */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { buildServerBundle, serverBundlePath } from '../lib/server-bundle'

/** A field of /proc/<pid>/status, in bytes (Linux). */
export function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)
  return match ? Number(match[1]) * 1024 : NaN
}

/** User + system CPU time the process has used so far, in milliseconds (/proc/<pid>/stat). */
export function cpuMillis(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The command name (field 2) may hold spaces; count fields from after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12]) // utime, stime (fields 14 and 15)
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND
}
/** `getconf CLK_TCK` on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100

/** Builds the app (and the server bundle) first when NEXT_DIST_DIR has no build. */
export async function ensureBuild(): Promise<void> {
  const distDir = process.env.NEXT_DIST_DIR || '.next'
  if (existsSync(path.join(distDir, 'BUILD_ID')) && existsSync(serverBundlePath())) return
  console.log(`No build in ${distDir}: building first.`)
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('build failed'))))
  })
  await buildServerBundle()
}

/** Signs up the first user (the admin) and returns an Authorization header value. */
export async function adminAuthorization(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/first-register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.test', password: 'bench-password-0123456789' }),
  })
  if (!response.ok) throw new Error(`first-register: ${response.status}`)
  return `JWT ${((await response.json()) as { token: string }).token}`
}
