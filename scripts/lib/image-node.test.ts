import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { benchServerNode, imageNodeLine } from './image-node'

const DOCKERFILE = readFileSync('Dockerfile', 'utf8')
const linuxOn = (version: string) => ({ version, platform: 'linux', arch: 'x64' })

describe('the Docker image’s Node line', () => {
  it('is read from its stages', () => {
    expect(imageNodeLine('FROM node:26-bookworm-slim AS deps\nFROM node:26-bookworm-slim\n')).toBe(
      26,
    )
    expect(imageNodeLine('FROM node:24.11-alpine AS build\n')).toBe(24)
  })

  it('refuses stages on different lines or on another image', () => {
    expect(() => imageNodeLine('FROM node:26-slim\nFROM node:24-slim\n')).toThrow(/different/)
    expect(() => imageNodeLine('FROM node:26-slim\nFROM debian:bookworm\n')).toThrow(/node:/)
    expect(() => imageNodeLine('')).toThrow()
  })

  it('is, in the project’s Dockerfile, a line in Active LTS when the schedule was retrieved', () => {
    /** The day tests/fixtures/node-release/schedule.json was retrieved (its README). */
    const RETRIEVED = '2026-11-25'
    const schedule = JSON.parse(
      readFileSync('tests/fixtures/node-release/schedule.json', 'utf8'),
    ) as Record<string, { lts?: string; maintenance?: string }>
    const line = schedule[`v${imageNodeLine(DOCKERFILE)}`]
    expect(line?.lts).toBeDefined()
    // ISO dates compare as text.
    expect(line!.lts! <= RETRIEVED && RETRIEVED < line!.maintenance!).toBe(true)
  })
})

describe('the Node a benchmark’s servers run on', () => {
  const dockerfile = 'FROM node:26-bookworm-slim AS run\n'
  const installs: number[] = []
  const install = (line: number) => {
    installs.push(line)
    return `/installed/node-${line}`
  }

  it('is the image’s line, installed, when the benchmark runs on another', () => {
    installs.length = 0
    expect(benchServerNode({}, dockerfile, linuxOn('20.20.2'), install)).toBe('/installed/node-26')
    expect(installs).toEqual([26])
  })

  it('is the benchmark’s own when that already is the image’s line', () => {
    installs.length = 0
    expect(benchServerNode({}, dockerfile, linuxOn('26.12.1'), install)).toBeUndefined()
    expect(installs).toEqual([])
  })

  it('is the caller’s choice: SERVER_NODE, or BENCH_SERVER_NODE=own', () => {
    installs.length = 0
    expect(
      benchServerNode({ SERVER_NODE: '/opt/node' }, dockerfile, linuxOn('20.1.0'), install),
    ).toBe('/opt/node')
    expect(
      benchServerNode({ BENCH_SERVER_NODE: 'own' }, dockerfile, linuxOn('20.1.0'), install),
    ).toBeUndefined()
    expect(installs).toEqual([])
  })

  it('is the benchmark’s own where the registry has no build of Node for the machine', () => {
    installs.length = 0
    const mac = { version: '20.20.2', platform: 'darwin', arch: 'arm64' }
    expect(benchServerNode({}, dockerfile, mac, install)).toBeUndefined()
    expect(installs).toEqual([])
  })
})
