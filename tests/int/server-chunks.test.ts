import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { distDir } from '../../scripts/lib/server-bundle'
import { duplicateServerChunks } from '../../scripts/lib/server-chunks'

describe('the production build', () => {
  it('has one copy of each server chunk: every route loads the same file', () => {
    const server = path.join(distDir(), 'server')
    expect(existsSync(path.join(server, 'chunks'))).toBe(true)
    expect(readdirSync(path.join(server, 'chunks')).length).toBeGreaterThan(0)
    expect(duplicateServerChunks(server)).toEqual([])
  })
})
