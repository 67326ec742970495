import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import {
  chunkReference,
  duplicateServerChunks,
  shareBuildServerChunks,
  shareDuplicateServerChunks,
} from './server-chunks'

/** A chunk in Turbopack's format: module ids, each followed by its factory, and its map's name. */
const chunk = (id: number, name: string) =>
  `module.exports=[${id},(e,t)=>{t.exports={id:${id},made:{}}}];\n\n//# sourceMappingURL=${name}.js.map`

function write(root: string, file: string, text: string): string {
  const at = path.join(root, file)
  mkdirSync(path.dirname(at), { recursive: true })
  writeFileSync(at, text)
  return at
}

/** A build's server folder: one chunk written three times, one once, and a route entry. */
function serverFolder(root = mkdtempSync(path.join(tmpdir(), 'server-chunks-'))) {
  return {
    root,
    first: write(root, 'chunks/_0aaa._.js', chunk(1, '_0aaa._')),
    second: write(root, 'chunks/_1bbb._.js', chunk(1, '_1bbb._')),
    third: write(root, 'chunks/ssr/_2ccc._.js', chunk(1, '_2ccc._')),
    other: write(root, 'chunks/_3ddd._.js', chunk(2, '_3ddd._')),
    route: write(root, 'app/api/posts/route.js', 'module.exports={route:true}\n'),
    routeAgain: write(root, 'app/api/pages/route.js', 'module.exports={route:true}\n'),
  }
}

describe('server chunks written more than once', () => {
  it('are found by content, whatever their source-map comment', () => {
    const folder = serverFolder()
    expect(duplicateServerChunks(folder.root)).toEqual([
      [folder.first, folder.second, folder.third],
    ])
  })

  it('load the first copy: requiring any copy gives the array the first exports', () => {
    const folder = serverFolder()
    const shared = shareDuplicateServerChunks(folder.root)
    expect(shared).toMatchObject({ chunks: 1, replaced: 2 })
    expect(shared.bytes).toBe(
      Buffer.byteLength(chunk(1, '_1bbb._')) + Buffer.byteLength(chunk(1, '_2ccc._')),
    )
    const load = createRequire(path.join(folder.root, 'index.js'))
    const first = load(folder.first) as unknown[]
    expect(Array.isArray(first)).toBe(true)
    expect(load(folder.second)).toBe(first)
    expect(load(folder.third)).toBe(first)
    expect(duplicateServerChunks(folder.root)).toEqual([])
  })

  it('leaves a chunk written once, files that are not chunks, and the first copy as they were', () => {
    const folder = serverFolder()
    shareDuplicateServerChunks(folder.root)
    expect(readFileSync(folder.first, 'utf8')).toBe(chunk(1, '_0aaa._'))
    expect(readFileSync(folder.other, 'utf8')).toBe(chunk(2, '_3ddd._'))
    expect(readFileSync(folder.route, 'utf8')).toBe('module.exports={route:true}\n')
    expect(readFileSync(folder.routeAgain, 'utf8')).toBe('module.exports={route:true}\n')
    expect(shareDuplicateServerChunks(folder.root)).toEqual({ chunks: 0, replaced: 0, bytes: 0 })
  })

  it('are shared in a standalone build’s copy of the server folder too', () => {
    const project = mkdtempSync(path.join(tmpdir(), 'server-chunks-project-'))
    const server = path.join(project, '.next', 'server')
    const standalone = path.join(project, '.next', 'standalone', '.next', 'server')
    serverFolder(server)
    serverFolder(standalone)
    expect(shareBuildServerChunks('.next', project)).toMatchObject({ chunks: 2, replaced: 4 })
    expect(duplicateServerChunks(server)).toEqual([])
    expect(duplicateServerChunks(standalone)).toEqual([])
  })

  it('are referred to by a path relative to the copy, across folders', () => {
    expect(chunkReference('/b/server/chunks/ssr/x.js', '/b/server/chunks/y.js')).toBe(
      'module.exports=require("../y.js");\n',
    )
    expect(chunkReference('/b/server/chunks/x.js', '/b/server/chunks/y.js')).toBe(
      'module.exports=require("./y.js");\n',
    )
  })
})
