/**
 * The operators' backup and restore (`npm run backup -- --out DIR`, `npm run restore -- DIR`).
 *
 * A backup is a directory: the database as one pg_dump archive (custom format), the media files
 * under media/ at their path in the store, manifest.json (when, from which server, with which
 * pg_dump, and every file's size and SHA-256) and SHA256SUMS (the same hashes and the manifest's,
 * for `sha256sum -c`). The manifest is written last, so a backup cut short has none and cannot be
 * restored.
 *
 * A restore checks every byte against the manifest first, then writes only into an empty database
 * and an empty media store, and refuses (exit 2) anything else: it never merges two sites.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, opendir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { env } from '@/env'
import { s3Settings } from '@/media/s3'

import {
  backupProblems,
  buildManifest,
  CHECKSUMS_FILE,
  DATABASE_ARCHIVE,
  EXIT,
  formatChecksums,
  isSafeBackupPath,
  MANIFEST_FILE,
  MEDIA_FOLDER,
  mediaKeyOf,
  NAMED_CONTENTS,
  nonEmptyTargetRefusal,
  OperationRefused,
  parseBackupArgs,
  parseChecksums,
  parseManifest,
  parseRestoreArgs,
  serverMajorVersion,
  toolMajorVersion,
  toolTooOld,
  type CommandOptions,
  type FileEntry,
  type Manifest,
} from './backup-plan'
import { firstFiles, localMediaStore, s3MediaStore, type MediaStore } from './media-store'
import {
  dumpDatabase,
  publicRelations,
  restoreDatabase,
  serverInfo,
  toolVersion,
} from './postgres-tools'

/** Media files copied at once: enough to keep S3 busy, few enough for any disk. */
const MEDIA_COPIES_AT_ONCE = 4
/** How many problems of a damaged backup a refusal lists (the rest are counted). */
const PROBLEMS_SHOWN = 10

export interface OperationSettings {
  databaseUrl: string
  media: MediaStore
}

/**
 * The database and media store this deployment uses, from the env module. Without DATABASE_URL
 * the app runs on the embedded development database, started by `npm run dev` under .data/,
 * which these commands do not start: they refuse, saying so.
 */
export function deploymentSettings(): OperationSettings {
  if (!process.env.DATABASE_URL) {
    throw new OperationRefused(
      'DATABASE_URL is not set. Backup and restore work on a PostgreSQL server that DATABASE_URL ' +
        'names; the embedded development database (npm run dev without DATABASE_URL) is not ' +
        'backed up by them: stop the app and copy .data/ instead.',
    )
  }
  const s3 = s3Settings()
  return {
    databaseUrl: env.DATABASE_URL,
    media: s3 ? s3MediaStore(s3) : localMediaStore(env.MEDIA_DIR),
  }
}

const log = (message: string) => console.log(message)

interface Measured {
  size: number
  sha256: string
}

/** Streams `source` into `target` (which must not exist), measuring and hashing on the way. */
async function copyMeasured(source: Readable, target: string): Promise<Measured> {
  const hash = createHash('sha256')
  let size = 0
  await mkdir(path.dirname(target), { recursive: true })
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk)
        size += chunk.length
        yield chunk
      }
    },
    createWriteStream(target, { flags: 'wx' }),
  )
  return { size, sha256: hash.digest('hex') }
}

async function measureFile(file: string): Promise<Measured> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk)
    size += chunk.length
  }
  return { size, sha256: hash.digest('hex') }
}

/**
 * Runs `work` on every item, at most `limit` at once. After a failure no further item starts,
 * and the ones under way finish before the first failure is thrown (a clean-up must not race them).
 */
async function forEachAtMost<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]!)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const outcomes = await Promise.allSettled(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  )
  const failure = outcomes.find((outcome) => outcome.status === 'rejected')
  if (failure) throw failure.reason
}

/** A backup goes into a new or empty directory only: an older backup is never mixed in. */
async function prepareBackupDir(dir: string): Promise<void> {
  const existing = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  if (existing.length > 0) {
    throw new OperationRefused(
      `${dir} is not empty: name a new directory for the backup (nothing was written).`,
    )
  }
  await mkdir(dir, { recursive: true })
}

/** Takes a backup of the database and media store in `settings` into `options.dir`. */
export async function backup(
  options: CommandOptions,
  settings: OperationSettings,
): Promise<Manifest> {
  const dir = path.resolve(options.dir)
  const server = await serverInfo(settings.databaseUrl)
  const pgDumpVersion = await toolVersion('pg_dump', options.pgBin)
  const tooOld = toolTooOld(
    'pg_dump',
    toolMajorVersion(pgDumpVersion),
    serverMajorVersion(server.versionNum),
    `the database server`,
  )
  if (tooOld) throw new OperationRefused(tooOld)
  await prepareBackupDir(dir)
  try {
    log(
      `Dumping database "${server.database}" (PostgreSQL ${server.version}) with ${pgDumpVersion}…`,
    )
    // The database first, the media after: a file uploaded meanwhile is only an extra file, and
    // only a file deleted in between (rarer) is missing from the backup.
    const archive = path.join(dir, DATABASE_ARCHIVE)
    await dumpDatabase(settings.databaseUrl, archive, options.pgBin)
    const files: FileEntry[] = [{ path: DATABASE_ARCHIVE, ...(await measureFile(archive)) }]

    const media = []
    for await (const item of settings.media.list()) media.push(item)
    log(`Copying ${media.length} media files from ${settings.media.label}…`)
    await forEachAtMost(media, MEDIA_COPIES_AT_ONCE, async (item) => {
      const backupPath = `${MEDIA_FOLDER}/${item.key}`
      if (!isSafeBackupPath(backupPath)) {
        throw new Error(`Media file "${item.key}" has a path a backup cannot hold.`)
      }
      const { body, contentType } = await settings.media.read(item.key)
      const measured = await copyMeasured(body, path.join(dir, ...backupPath.split('/')))
      files.push({ path: backupPath, ...measured, ...(contentType ? { contentType } : {}) })
    })

    const manifest = buildManifest({
      createdAt: new Date(),
      database: {
        name: server.database,
        serverVersion: server.version,
        serverVersionNum: server.versionNum,
        pgDumpVersion,
      },
      mediaSource: settings.media.kind,
      files,
    })
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`
    const manifestSha256 = createHash('sha256').update(manifestText).digest('hex')
    await writeFile(path.join(dir, MANIFEST_FILE), manifestText, { flag: 'wx' })
    await writeFile(
      path.join(dir, CHECKSUMS_FILE),
      formatChecksums([...manifest.files, { path: MANIFEST_FILE, sha256: manifestSha256 }]),
      { flag: 'wx' },
    )
    log(
      `Backup written to ${dir}: database ${files[0]!.size} bytes, ` +
        `${manifest.media.files} media files (${manifest.media.bytes} bytes).`,
    )
    return manifest
  } catch (error) {
    // What was written so far is no backup (it has no manifest): nothing is left to mistake for one.
    for (const entry of await readdir(dir).catch(() => [])) {
      await rm(path.join(dir, entry), { recursive: true, force: true })
    }
    throw error
  }
}

/** Every file in the backup directory but the manifest and checksums, measured. */
async function measureBackup(dir: string): Promise<Map<string, Measured>> {
  const found = new Map<string, Measured>()
  const walk = async (folder: string, prefix: string): Promise<void> => {
    for await (const entry of await opendir(folder)) {
      const backupPath = prefix ? `${prefix}/${entry.name}` : entry.name
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) await walk(full, backupPath)
      else if (backupPath !== MANIFEST_FILE && backupPath !== CHECKSUMS_FILE) {
        found.set(backupPath, await measureFile(full))
      }
    }
  }
  await walk(dir, '')
  return found
}

async function readBackupFile(dir: string, name: string): Promise<string> {
  try {
    return await readFile(path.join(dir, name), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    throw new OperationRefused(
      `${dir} has no ${name}: it is not a complete backup (a backup cut short has none).`,
    )
  }
}

/** Checks a backup directory against its manifest and checksums; returns the manifest. */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const manifestText = await readBackupFile(dir, MANIFEST_FILE)
  const checksums = parseChecksums(await readBackupFile(dir, CHECKSUMS_FILE))
  const manifest = parseManifest(manifestText)
  const manifestSha256 = createHash('sha256').update(manifestText).digest('hex')
  const problems = backupProblems(manifest, manifestSha256, checksums, await measureBackup(dir))
  if (problems.length > 0) {
    const more = problems.length - PROBLEMS_SHOWN
    throw new OperationRefused(
      `Refusing to restore: the backup in ${dir} does not match its manifest:\n` +
        problems
          .slice(0, PROBLEMS_SHOWN)
          .map((problem) => `  ${problem}`)
          .join('\n') +
        (more > 0 ? `\n  and ${more} more` : ''),
    )
  }
  return manifest
}

/** A restore that failed once it had begun writing: the target may hold part of the backup. */
export class RestoreIncomplete extends Error {
  override name = 'RestoreIncomplete'
}

/** Restores the backup in `options.dir` into the (empty) database and media store in `settings`. */
export async function restore(
  options: CommandOptions,
  settings: OperationSettings,
): Promise<Manifest> {
  const dir = path.resolve(options.dir)
  log(`Verifying ${dir}…`)
  const manifest = await verifyBackup(dir)

  const pgRestoreVersion = await toolVersion('pg_restore', options.pgBin)
  const tooOld = toolTooOld(
    'pg_restore',
    toolMajorVersion(pgRestoreVersion),
    toolMajorVersion(manifest.database.pgDumpVersion),
    `the pg_dump that wrote this backup`,
  )
  if (tooOld) throw new OperationRefused(tooOld)

  const target = await serverInfo(settings.databaseUrl)
  const refusal = nonEmptyTargetRefusal({
    database: target.database,
    publicRelations: await publicRelations(settings.databaseUrl, NAMED_CONTENTS + 1),
    media: settings.media.label,
    mediaFiles: await firstFiles(settings.media, NAMED_CONTENTS + 1),
  })
  if (refusal) throw new OperationRefused(refusal)

  // Everything above only read; from here on, a failure may leave part of the backup behind.
  const media = manifest.files.filter((file) => file.path.startsWith(`${MEDIA_FOLDER}/`))
  try {
    log(`Restoring database "${target.database}" (PostgreSQL ${target.version})…`)
    await restoreDatabase(settings.databaseUrl, path.join(dir, DATABASE_ARCHIVE), options.pgBin)
    log(`Copying ${media.length} media files to ${settings.media.label}…`)
    await forEachAtMost(media, MEDIA_COPIES_AT_ONCE, (file) =>
      settings.media.write(mediaKeyOf(file), path.join(dir, ...file.path.split('/')), {
        size: file.size,
        ...(file.contentType ? { contentType: file.contentType } : {}),
      }),
    )
  } catch (error) {
    throw new RestoreIncomplete(error instanceof Error ? error.message : String(error), {
      cause: error,
    })
  }
  log(
    `Restored the backup of ${manifest.createdAt} (database "${manifest.database.name}", ` +
      `${media.length} media files).`,
  )
  return manifest
}

/**
 * The two commands' entry: parses the arguments, runs, and exits 0 when done, 2 when refused
 * (nothing changed), 1 when failed, with the reason on stderr (and, for a restore, whether it
 * had begun writing).
 */
export async function runCommand(command: 'backup' | 'restore', argv: readonly string[]) {
  try {
    const options = command === 'backup' ? parseBackupArgs(argv) : parseRestoreArgs(argv)
    const settings = deploymentSettings()
    await (command === 'backup' ? backup(options, settings) : restore(options, settings))
    return EXIT.done
  } catch (error) {
    if (error instanceof OperationRefused) {
      console.error(error.message)
      return EXIT.refused
    }
    console.error(`${command} failed: ${error instanceof Error ? error.message : String(error)}`)
    if (error instanceof RestoreIncomplete) {
      console.error(
        'The database and media store may now hold part of the backup: empty them (or make new ' +
          'ones) before restoring again.',
      )
    } else if (command === 'restore') {
      // It failed while reading (the backup, the target's versions and contents): a bucket that
      // does not exist, a database that cannot be reached.
      console.error('Nothing was written to the database or the media store.')
    }
    return EXIT.failed
  }
}
