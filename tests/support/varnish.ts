import { spawn, type ChildProcess } from 'node:child_process'
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from './app-server'
import { poll } from './poll'

/**
 * Debian's Varnish (`varnish` and `varnish-modules`: varnishd 7.1 and the xkey vmod) in front of
 * instances of the site, running the repository's VCL (deploy/varnish/default.vcl) with only its
 * block of instances replaced: a round-robin director over the given backends, and an ACL that
 * lets this machine purge. Used by tests/int/shared-cache-varnish.test.ts and
 * scripts/bench/varnish.ts.
 */

export const VARNISHD = process.env.VARNISHD ?? '/usr/sbin/varnishd'
export const REPOSITORY_VCL = path.resolve('deploy/varnish/default.vcl')

const INSTANCES_BEGIN = "# -- the site's instances"
const INSTANCES_END = "# -- end of the site's instances --"

export interface Varnish {
  url: string
  port: number
  process: ChildProcess
  stop: () => Promise<void>
}

/** A backend of the VCL: the address of an instance. */
export interface Backend {
  host: string
  port: number
}

/**
 * The repository's VCL with its block of instances replaced by `backends` (requests spread over
 * them in turn) and an ACL admitting purges from loopback.
 */
export function vclFor(
  backends: readonly Backend[],
  vcl = readFileSync(REPOSITORY_VCL, 'utf8'),
): string {
  const begin = vcl.indexOf(INSTANCES_BEGIN)
  const end = vcl.indexOf(INSTANCES_END)
  if (begin === -1 || end === -1 || end < begin)
    throw new Error(`${REPOSITORY_VCL} lost its markers around the instances' block`)
  const names = backends.map((_, index) => `instance_${index + 1}`)
  const block = [
    'import directors;',
    ...backends.map(
      ({ host, port }, index) =>
        `backend ${names[index]} { .host = "${host}"; .port = "${port}"; .first_byte_timeout = 120s; }`,
    ),
    'acl purgers { "127.0.0.1"; "::1"; }',
    'sub vcl_init {',
    '    new instances = directors.round_robin();',
    ...names.map((name) => `    instances.add_backend(${name});`),
    '}',
    'sub vcl_recv {',
    '    set req.backend_hint = instances.backend();',
    '}',
    '',
  ].join('\n')
  return vcl.slice(0, begin) + block + vcl.slice(end)
}

/**
 * Starts varnishd in the foreground on a loopback port (`port`, or a free one: instances told
 * where to purge before it starts are given its port first), with a working directory of its own
 * (removed on stop), `-j none` (it runs as whoever runs the tests, root included), and `-s
 * malloc` of `storageMb`; resolves once it answers. Its output goes to
 * .data/test-logs/<name>.log.
 */
export async function startVarnish(
  name: string,
  backends: readonly Backend[],
  { storageMb = 64, port: chosenPort }: { storageMb?: number; port?: number } = {},
): Promise<Varnish> {
  if (!existsSync(VARNISHD)) throw new Error(`${VARNISHD} not found: install Debian's varnish`)
  const port = chosenPort ?? (await freePort())
  const workDir = mkdtempSync(path.join(os.tmpdir(), `varnish-${name}-`))
  const vclPath = path.join(workDir, 'site.vcl')
  writeFileSync(vclPath, vclFor(backends))
  mkdirSync('.data/test-logs', { recursive: true })
  const log = createWriteStream(path.join('.data/test-logs', `${name}.log`))
  const child = spawn(
    VARNISHD,
    [
      '-F',
      '-j',
      'none',
      '-n',
      path.join(workDir, 'instance'),
      '-a',
      `127.0.0.1:${port}`,
      '-T',
      '127.0.0.1:0',
      '-f',
      vclPath,
      '-s',
      `malloc,${storageMb}m`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`varnishd exited with ${code}; see .data/test-logs/${name}.log`)),
    ),
  )
  const url = `http://127.0.0.1:${port}`
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(workDir, { recursive: true, force: true })
        resolve()
      }
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', done)
      child.kill('SIGTERM')
    })
  try {
    await Promise.race([
      poll(
        `varnishd on ${url}`,
        async () => {
          try {
            // Any answer will do: a purge from loopback without keys is refused with a 400.
            await fetch(url, { method: 'PURGE' })
            return true
          } catch {
            return undefined
          }
        },
        { withinMs: 30_000, everyMs: 100 },
      ),
      exited,
    ])
  } catch (error) {
    await stop()
    throw error
  }
  exited.catch(() => undefined)
  return { url, port, process: child, stop }
}

/** Purges `keys` (surrogate keys, space-separated) as an instance does; resolves with the count. */
export async function purgeKeys(varnish: Varnish, keys: string): Promise<number> {
  const response = await fetch(varnish.url, { method: 'PURGE', headers: { xkey: keys } })
  if (!response.ok) throw new Error(`PURGE ${keys}: ${response.status}`)
  return Number(response.headers.get('x-purged'))
}
