/**
 * The pure parts of backup and restore (src/operations/backup.ts): their command lines, the
 * version rule for pg_dump and pg_restore, the manifest and its checksums, and what makes a
 * restore target "not empty". Nothing here touches a database, a disk or a bucket.
 */
import { parseArgs } from 'node:util'

/** The backup's database archive, in pg_dump's custom format, inside the backup directory. */
export const DATABASE_ARCHIVE = 'database.dump'
/** Media files are kept under this folder of the backup, at their path in the store. */
export const MEDIA_FOLDER = 'media'
export const MANIFEST_FILE = 'manifest.json'
/** `sha256sum -c SHA256SUMS` checks a backup without this project (the manifest included). */
export const CHECKSUMS_FILE = 'SHA256SUMS'
export const MANIFEST_FORMAT = 'consultancy-site-backup'
export const MANIFEST_VERSION = 1

/** Exit codes of the two commands. */
export const EXIT = {
  done: 0,
  /** Failed part-way (a tool or the storage failed): the message says what. */
  failed: 1,
  /** Refused before changing anything: bad arguments, a target not empty, a backup that fails its checksums. */
  refused: 2,
} as const

/** A refusal: nothing was written; the message tells the operator what to do instead. */
export class OperationRefused extends Error {
  override name = 'OperationRefused'
}

const BACKUP_USAGE = 'Usage: npm run backup -- --out DIR [--pg-bin DIR]'
const RESTORE_USAGE = 'Usage: npm run restore -- DIR [--pg-bin DIR]'

export interface CommandOptions {
  /** The backup directory: written by backup (it must not exist or be empty), read by restore. */
  dir: string
  /** Where pg_dump/pg_restore live, when not the ones on PATH (/usr/lib/postgresql/17/bin). */
  pgBin?: string
}

function parse(argv: readonly string[], usage: string, positionals: boolean) {
  try {
    return parseArgs({
      args: [...argv],
      options: { out: { type: 'string' }, 'pg-bin': { type: 'string' } },
      allowPositionals: positionals,
      strict: true,
    })
  } catch (error) {
    throw new OperationRefused(`${(error as Error).message}\n${usage}`)
  }
}

export function parseBackupArgs(argv: readonly string[]): CommandOptions {
  const { values } = parse(argv, BACKUP_USAGE, false)
  if (!values.out) throw new OperationRefused(`--out is required.\n${BACKUP_USAGE}`)
  return { dir: values.out, ...(values['pg-bin'] ? { pgBin: values['pg-bin'] } : {}) }
}

export function parseRestoreArgs(argv: readonly string[]): CommandOptions {
  const { values, positionals } = parse(argv, RESTORE_USAGE, true)
  if (values.out)
    throw new OperationRefused(`restore reads a backup; it has no --out.\n${RESTORE_USAGE}`)
  if (positionals.length !== 1) {
    throw new OperationRefused(`Name exactly one backup directory.\n${RESTORE_USAGE}`)
  }
  return { dir: positionals[0]!, ...(values['pg-bin'] ? { pgBin: values['pg-bin'] } : {}) }
}

/** The major version in `pg_dump --version`'s answer ("pg_dump (PostgreSQL) 15.20 (Debian …)"). */
export function toolMajorVersion(versionOutput: string): number {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(versionOutput)
  if (!match) throw new Error(`Cannot read a version in "${versionOutput.trim()}".`)
  const major = Number(match[1])
  // Before 10, the major version had two parts: 9.6.
  return major < 10 ? Number(`${major}.${match[2] ?? 0}`) : major
}

/** The major version in a server's `server_version_num` (150020 → 15, 90624 → 9.6). */
export function serverMajorVersion(versionNum: number): number {
  return versionNum >= 100_000
    ? Math.floor(versionNum / 10_000)
    : Math.floor(versionNum / 10_000) + Math.floor((versionNum % 10_000) / 100) / 10
}

/**
 * pg_dump reads servers of its own major version or older only (a newer server's catalogs are
 * unknown to it), and pg_restore reads archives of pg_dump's version or older: the refusal to
 * give when `tool` is too old, or null.
 */
export function toolTooOld(
  tool: 'pg_dump' | 'pg_restore',
  toolMajor: number,
  neededMajor: number,
  what: string,
): string | null {
  if (toolMajor >= neededMajor) return null
  const needed = Number.isInteger(neededMajor) ? neededMajor : Math.ceil(neededMajor)
  return (
    `${tool} ${toolMajor} is older than ${what} (PostgreSQL ${neededMajor}): install ` +
    `postgresql-client-${needed} (Debian/Ubuntu, from apt.postgresql.org; postgresql${needed}-client ` +
    `on Alpine), or name the directory of a ${tool} ${needed} or later with --pg-bin.`
  )
}

export interface FileEntry {
  /** Inside the backup directory, with `/` separators: `database.dump`, `media/photo.png`. */
  path: string
  size: number
  sha256: string
  /** A media object's content type in S3, put back on restore. */
  contentType?: string
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT
  version: typeof MANIFEST_VERSION
  createdAt: string
  database: {
    name: string
    serverVersion: string
    serverVersionNum: number
    pgDumpVersion: string
  }
  media: { source: 'local' | 's3'; files: number; bytes: number }
  files: FileEntry[]
}

export function buildManifest(input: {
  createdAt: Date
  database: Manifest['database']
  mediaSource: Manifest['media']['source']
  files: FileEntry[]
}): Manifest {
  const files = [...input.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  const media = files.filter((file) => file.path.startsWith(`${MEDIA_FOLDER}/`))
  return {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    createdAt: input.createdAt.toISOString(),
    database: input.database,
    media: {
      source: input.mediaSource,
      files: media.length,
      bytes: media.reduce((sum, file) => sum + file.size, 0),
    },
    files,
  }
}

/** `sha256sum`'s format: the hash, two spaces, the path; the manifest is listed too. */
export function formatChecksums(entries: readonly { path: string; sha256: string }[]): string {
  return entries.map((entry) => `${entry.sha256}  ${entry.path}\n`).join('')
}

export function parseChecksums(text: string): Map<string, string> {
  const sums = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (!line) continue
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line)
    if (!match) throw new OperationRefused(`${CHECKSUMS_FILE} has a malformed line: "${line}".`)
    sums.set(match[2]!, match[1]!)
  }
  return sums
}

/** A path a backup may hold: relative, `/`-separated, no `.`/`..`/empty segment, no backslash. */
export function isSafeBackupPath(candidate: string): boolean {
  if (!candidate || candidate.includes('\\') || candidate.includes('\0')) return false
  return candidate.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
}

/** A media file's path in the store (its S3 key, or its path under MEDIA_DIR). */
export const mediaKeyOf = (entry: FileEntry) => entry.path.slice(MEDIA_FOLDER.length + 1)

const isHash = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)

/** Reads manifest.json's text, refusing anything that is not a manifest this version writes. */
export function parseManifest(text: string): Manifest {
  let value: Partial<Manifest>
  try {
    value = JSON.parse(text) as Partial<Manifest>
  } catch {
    throw new OperationRefused(`${MANIFEST_FILE} is not JSON.`)
  }
  if (value.format !== MANIFEST_FORMAT || value.version !== MANIFEST_VERSION) {
    throw new OperationRefused(
      `${MANIFEST_FILE} is not a version ${MANIFEST_VERSION} backup manifest of this site.`,
    )
  }
  const files = Array.isArray(value.files) ? value.files : []
  const wellFormed = files.every(
    (file) =>
      typeof file?.path === 'string' &&
      isSafeBackupPath(file.path) &&
      Number.isSafeInteger(file.size) &&
      file.size >= 0 &&
      isHash(file.sha256),
  )
  if (!wellFormed || !files.some((file) => file.path === DATABASE_ARCHIVE)) {
    throw new OperationRefused(
      `${MANIFEST_FILE} lists files it cannot (a path outside the backup, a bad size or hash) ` +
        `or no ${DATABASE_ARCHIVE}.`,
    )
  }
  if (typeof value.database?.pgDumpVersion !== 'string') {
    throw new OperationRefused(`${MANIFEST_FILE} does not say which pg_dump wrote the archive.`)
  }
  return value as Manifest
}

/** What a backup directory actually holds: each file's size and hash, by backup path. */
export type FoundFiles = ReadonlyMap<string, { size: number; sha256: string }>

/**
 * Everything wrong with a backup, compared with its manifest and checksums: a file missing,
 * changed or unlisted, a checksum line disagreeing with the manifest, or the manifest itself
 * changed since its checksum was written. Empty when the backup is intact.
 */
export function backupProblems(
  manifest: Manifest,
  manifestSha256: string,
  checksums: ReadonlyMap<string, string>,
  found: FoundFiles,
): string[] {
  const problems: string[] = []
  if (checksums.get(MANIFEST_FILE) !== manifestSha256) {
    problems.push(`${MANIFEST_FILE} does not match its line in ${CHECKSUMS_FILE}`)
  }
  const listed = new Set<string>()
  for (const entry of manifest.files) {
    listed.add(entry.path)
    const file = found.get(entry.path)
    if (checksums.get(entry.path) !== entry.sha256) {
      problems.push(`${entry.path}: ${CHECKSUMS_FILE} and ${MANIFEST_FILE} disagree`)
    }
    if (!file) problems.push(`${entry.path}: missing`)
    else if (file.size !== entry.size) {
      problems.push(`${entry.path}: ${file.size} bytes, the manifest says ${entry.size}`)
    } else if (file.sha256 !== entry.sha256) problems.push(`${entry.path}: checksum mismatch`)
  }
  for (const path of found.keys()) {
    if (!listed.has(path)) problems.push(`${path}: not in the manifest`)
  }
  for (const path of checksums.keys()) {
    if (path !== MANIFEST_FILE && !listed.has(path)) {
      problems.push(`${path}: in ${CHECKSUMS_FILE} but not in the manifest`)
    }
  }
  return problems
}

/**
 * How many of a non-empty target's contents a refusal names; the target is asked for one more,
 * to tell "and more" (a large bucket is never listed in full just to refuse it).
 */
export const NAMED_CONTENTS = 5

const sample = (names: readonly string[]) =>
  names.slice(0, NAMED_CONTENTS).join(', ') + (names.length > NAMED_CONTENTS ? ' and more' : '')

/**
 * A restore writes only into an empty database and an empty media store, so that it can never
 * mix two sites or overwrite one: the refusal naming what is already there, or null.
 */
export function nonEmptyTargetRefusal(target: {
  database: string
  publicRelations: readonly string[]
  media: string
  mediaFiles: readonly string[]
}): string | null {
  const reasons: string[] = []
  if (target.publicRelations.length > 0) {
    reasons.push(
      `database "${target.database}" is not empty: its public schema has ${sample(target.publicRelations)}`,
    )
  }
  if (target.mediaFiles.length > 0) {
    reasons.push(`media store ${target.media} is not empty: it holds ${sample(target.mediaFiles)}`)
  }
  if (reasons.length === 0) return null
  return (
    `Refusing to restore: ${reasons.join('; ')}. Restore into a new, empty database ` +
    `(createdb NAME, then point DATABASE_URL at it) and an empty media directory or bucket.`
  )
}
