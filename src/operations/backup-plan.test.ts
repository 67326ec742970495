import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import {
  backupProblems,
  buildManifest,
  CHECKSUMS_FILE,
  DATABASE_ARCHIVE,
  formatChecksums,
  isSafeBackupPath,
  MANIFEST_FILE,
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
  type FileEntry,
} from './backup-plan'

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

describe('command lines', () => {
  it('reads backup --out and --pg-bin', () => {
    expect(parseBackupArgs(['--out', 'b'])).toEqual({ dir: 'b' })
    expect(parseBackupArgs(['--out=b', '--pg-bin', '/usr/lib/postgresql/17/bin'])).toEqual({
      dir: 'b',
      pgBin: '/usr/lib/postgresql/17/bin',
    })
  })

  it('refuses a backup without --out, with a stray argument or an unknown option', () => {
    expect(() => parseBackupArgs([])).toThrow(/--out is required[\s\S]*Usage: npm run backup/)
    expect(() => parseBackupArgs(['--out', 'b', 'extra'])).toThrow(OperationRefused)
    expect(() => parseBackupArgs(['--out', 'b', '--force'])).toThrow(/Unknown option '--force'/)
  })

  it('reads restore DIR and refuses none, two, or --out', () => {
    expect(parseRestoreArgs(['b', '--pg-bin', 'bin'])).toEqual({ dir: 'b', pgBin: 'bin' })
    expect(() => parseRestoreArgs([])).toThrow(/exactly one backup directory/)
    expect(() => parseRestoreArgs(['a', 'b'])).toThrow(/exactly one backup directory/)
    expect(() => parseRestoreArgs(['--out', 'b'])).toThrow(/no --out/)
  })
})

describe('versions', () => {
  it('reads the major version of pg_dump and pg_restore', () => {
    expect(toolMajorVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toBe(15)
    expect(toolMajorVersion('pg_restore (PostgreSQL) 17.2')).toBe(17)
    expect(toolMajorVersion('pg_dump (PostgreSQL) 9.6.24')).toBe(9.6)
    expect(toolMajorVersion('pg_dump (PostgreSQL) 18beta1')).toBe(18)
    expect(() => toolMajorVersion('command not found')).toThrow(/Cannot read a version/)
  })

  it('reads the major version of server_version_num', () => {
    expect(serverMajorVersion(150020)).toBe(15)
    expect(serverMajorVersion(170004)).toBe(17)
    expect(serverMajorVersion(90624)).toBe(9.6)
  })

  it('refuses a pg_dump older than the server, naming the package to install', () => {
    expect(toolTooOld('pg_dump', 15, 15, 'the server')).toBeNull()
    expect(toolTooOld('pg_dump', 17, 15, 'the server')).toBeNull()
    const refusal = toolTooOld('pg_dump', 15, 16, 'the server')
    expect(refusal).toContain('pg_dump 15 is older than the server (PostgreSQL 16)')
    expect(refusal).toContain('install postgresql-client-16')
    expect(refusal).toContain('--pg-bin')
    expect(toolTooOld('pg_dump', 9.6, 10, 'the server')).toContain('postgresql-client-10')
  })
})

const entry = (path: string, text: string): FileEntry => ({
  path,
  size: Buffer.byteLength(text),
  sha256: sha(text),
})

const CONTENTS = { [DATABASE_ARCHIVE]: 'archive', 'media/photo.png': 'png', 'media/a/b.pdf': 'pdf' }

function sampleBackup() {
  const manifest = buildManifest({
    createdAt: new Date('2026-01-02T03:04:05Z'),
    database: {
      name: 'site',
      serverVersion: '17.2',
      serverVersionNum: 170002,
      pgDumpVersion: 'pg_dump (PostgreSQL) 17.2',
    },
    mediaSource: 'local',
    files: Object.entries(CONTENTS).map(([path, text]) => entry(path, text)),
  })
  const manifestText = JSON.stringify(manifest)
  const checksums = parseChecksums(
    formatChecksums([...manifest.files, { path: MANIFEST_FILE, sha256: sha(manifestText) }]),
  )
  const found = new Map(
    Object.entries(CONTENTS).map(([path, text]) => [
      path,
      { size: text.length, sha256: sha(text) },
    ]),
  )
  return { manifest, manifestText, checksums, found }
}

describe('the manifest', () => {
  it('lists every file sorted, with the media totals', () => {
    const { manifest } = sampleBackup()
    expect(manifest.createdAt).toBe('2026-01-02T03:04:05.000Z')
    expect(manifest.files.map((file) => file.path)).toEqual([
      DATABASE_ARCHIVE,
      'media/a/b.pdf',
      'media/photo.png',
    ])
    expect(manifest.media).toEqual({ source: 'local', files: 2, bytes: 6 })
    expect(mediaKeyOf(manifest.files[1]!)).toBe('a/b.pdf')
  })

  it('writes checksums sha256sum reads, and reads them back', () => {
    const text = formatChecksums([{ path: 'media/x y.png', sha256: sha('x') }])
    expect(text).toBe(`${sha('x')}  media/x y.png\n`)
    expect(parseChecksums(text).get('media/x y.png')).toBe(sha('x'))
    expect(parseChecksums(`${sha('x')} *binary.dump\n`).get('binary.dump')).toBe(sha('x'))
    expect(() => parseChecksums('not a checksum line\n')).toThrow(CHECKSUMS_FILE)
  })

  it('finds nothing wrong with an intact backup', () => {
    const { manifest, manifestText, checksums, found } = sampleBackup()
    expect(parseManifest(manifestText)).toEqual(manifest)
    expect(backupProblems(manifest, sha(manifestText), checksums, found)).toEqual([])
  })

  it('names a changed, truncated, missing or unlisted file', () => {
    const { manifest, manifestText, checksums, found } = sampleBackup()
    const damaged = new Map(found)
    damaged.set('media/photo.png', { size: 3, sha256: sha('PNG') })
    damaged.set('media/a/b.pdf', { size: 2, sha256: sha('pd') })
    damaged.delete(DATABASE_ARCHIVE)
    damaged.set('media/extra.txt', { size: 1, sha256: sha('x') })
    expect(backupProblems(manifest, sha(manifestText), checksums, damaged)).toEqual([
      'database.dump: missing',
      'media/a/b.pdf: 2 bytes, the manifest says 3',
      'media/photo.png: checksum mismatch',
      'media/extra.txt: not in the manifest',
    ])
  })

  it('notices an edited manifest and checksums that disagree with it', () => {
    const { manifest, manifestText, checksums, found } = sampleBackup()
    const edited = new Map(checksums)
    edited.set('media/photo.png', sha('other'))
    edited.set('media/ghost.png', sha('ghost'))
    expect(backupProblems(manifest, sha(`${manifestText} `), edited, found)).toEqual([
      `${MANIFEST_FILE} does not match its line in ${CHECKSUMS_FILE}`,
      `media/photo.png: ${CHECKSUMS_FILE} and ${MANIFEST_FILE} disagree`,
      `media/ghost.png: in ${CHECKSUMS_FILE} but not in the manifest`,
    ])
  })

  it('refuses a manifest of another kind, or one listing paths outside the backup', () => {
    const { manifest } = sampleBackup()
    expect(() => parseManifest('{')).toThrow(/not JSON/)
    expect(() => parseManifest(JSON.stringify({ ...manifest, version: 2 }))).toThrow(
      /not a version 1 backup manifest/,
    )
    const escaping = { ...manifest, files: [...manifest.files, entry('media/../../etc/x', 'x')] }
    expect(() => parseManifest(JSON.stringify(escaping))).toThrow(/path outside the backup/)
    const noArchive = { ...manifest, files: manifest.files.slice(1) }
    expect(() => parseManifest(JSON.stringify(noArchive))).toThrow(/no database.dump/)
  })

  it('accepts only relative, normalised backup paths', () => {
    expect(isSafeBackupPath('media/a/b.png')).toBe(true)
    for (const bad of ['', '/etc/passwd', 'media/../x', 'media/./x', 'media//x', 'a\\b', 'x/']) {
      expect(isSafeBackupPath(bad), bad).toBe(false)
    }
  })
})

describe('restore targets', () => {
  it('accepts an empty database and media store', () => {
    expect(
      nonEmptyTargetRefusal({ database: 'new', publicRelations: [], media: '/m', mediaFiles: [] }),
    ).toBeNull()
  })

  it('refuses a database with any table, naming a few', () => {
    const tables = Array.from({ length: NAMED_CONTENTS + 1 }, (_, index) => `table_${index}`)
    const refusal = nonEmptyTargetRefusal({
      database: 'site',
      publicRelations: tables,
      media: '/m',
      mediaFiles: [],
    })
    expect(refusal).toContain('database "site" is not empty')
    expect(refusal).toContain('table_0, table_1, table_2, table_3, table_4 and more')
    expect(refusal).not.toContain('media store')
  })

  it('refuses a media store with any file, even with an empty database', () => {
    const refusal = nonEmptyTargetRefusal({
      database: 'site',
      publicRelations: [],
      media: 's3://bucket',
      mediaFiles: ['photo.png'],
    })
    expect(refusal).toContain('media store s3://bucket is not empty: it holds photo.png')
    expect(refusal).not.toContain('database "site"')
  })
})
