/**
 * One copy of each of the build's server chunks.
 *
 * Turbopack writes a chunk per route group, and where several route handlers share the same
 * modules it can write the same chunk several times under different names (the same modules in
 * the same order; only the trailing source-map comment differs). The server loads every copy its
 * routes name: each is read, compiled and kept in `require`'s cache, although the runtime takes
 * each module from the first copy that brings it. With the content API, the twins, the feeds,
 * the agent files and the pages in one process, that was several copies of a 2.7 MB chunk and
 * 40–50 MB of RSS.
 *
 * After `next build`, each further copy is replaced with a one-line module that exports the
 * first copy (`module.exports=require("./first.js")`): `require` then hands the runtime the
 * array it already holds, and nothing is compiled twice. Only files in Turbopack's chunk format
 * (`module.exports=[…]`) identical to another but for that comment are touched, so a build
 * without copies, or one from a Turbopack that writes none, is left as it is.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** How Turbopack's Node.js chunks begin: an array of module ids and their factories. */
const CHUNK_START = 'module.exports=['
/** The comment that names a chunk's source map, the one part that differs between copies. */
const SOURCE_MAP_COMMENT = /\n?\/\/# sourceMappingURL=[^\n]*\s*$/

export interface SharedChunks {
  /** Chunks of which more than one copy was written. */
  chunks: number
  /** Copies made references to their first. */
  replaced: number
  /** The bytes those copies held. */
  bytes: number
}

function javaScriptFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
}

/** A module that exports what the chunk at `target` exports, written for `from`'s directory. */
export function chunkReference(from: string, target: string): string {
  const relative = path.relative(path.dirname(from), target).split(path.sep).join('/')
  const specifier = relative.startsWith('.') ? relative : `./${relative}`
  return `module.exports=require(${JSON.stringify(specifier)});\n`
}

/**
 * The chunks under `serverDirectory` (a build's `server` folder) written more than once: each
 * group lists a chunk's copies, the first (by path order) first, so the same build gives the
 * same groups.
 */
export function duplicateServerChunks(serverDirectory: string): string[][] {
  const copies = new Map<string, string[]>()
  for (const file of javaScriptFiles(serverDirectory)) {
    const text = readFileSync(file, 'utf8')
    if (!text.startsWith(CHUNK_START)) continue
    const digest = createHash('sha256').update(text.replace(SOURCE_MAP_COMMENT, '')).digest('hex')
    copies.set(digest, [...(copies.get(digest) ?? []), file])
  }
  return [...copies.values()].filter((files) => files.length > 1)
}

/** Replaces every further copy of a chunk under `serverDirectory` with a reference to its first. */
export function shareDuplicateServerChunks(serverDirectory: string): SharedChunks {
  const shared: SharedChunks = { chunks: 0, replaced: 0, bytes: 0 }
  for (const [first, ...others] of duplicateServerChunks(serverDirectory)) {
    if (!first) continue
    shared.chunks += 1
    for (const other of others) {
      shared.bytes += statSync(other).size
      writeFileSync(other, chunkReference(other, first))
      shared.replaced += 1
    }
  }
  return shared
}

/**
 * `shareDuplicateServerChunks` on the build in `buildDirectory` (relative to `projectDirectory`):
 * its server folder and, when the build is standalone (the Docker image's), the standalone copy
 * of it, which `next build` wrote before this runs.
 */
export function shareBuildServerChunks(
  buildDirectory: string,
  projectDirectory = '.',
): SharedChunks {
  const total: SharedChunks = { chunks: 0, replaced: 0, bytes: 0 }
  for (const server of [
    path.join(projectDirectory, buildDirectory, 'server'),
    path.join(projectDirectory, buildDirectory, 'standalone', buildDirectory, 'server'),
  ]) {
    if (!existsSync(server)) continue
    const shared = shareDuplicateServerChunks(server)
    total.chunks += shared.chunks
    total.replaced += shared.replaced
    total.bytes += shared.bytes
  }
  return total
}
