import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { runScript, startApp, type AppServer } from '../support/app-server'
import {
  everyPublicSurface,
  expectSameAnswers,
  OPERATION_TIMEOUT_MS,
  publicTableCount,
  runOperation,
} from '../support/backup-surfaces'
import { createTestDatabase, withConnection } from '../support/database'
import { fileUrl } from '../support/media'
import { startS3TestServer, type S3TestServer } from '../support/s3-server'

/**
 * `npm run backup` and `npm run restore` of a site whose media live in an S3 bucket. The site is
 * this file's own (a database with the demo content, a bucket on one S3 server, an app on both);
 * its backup is restored into a new, empty database and the empty bucket of a second S3 server,
 * and a second app on the copy must answer every public surface with the same bytes. A restore
 * into a bucket that holds anything is refused.
 */
const runId = process.env.TEST_RUN_ID ?? 'main'
const SOURCE_DATABASE = `consultancy_test_${runId}_s3_site`
const RESTORED_DATABASE = `consultancy_test_${runId}_s3_restored`
const REFUSED_DATABASE = `consultancy_test_${runId}_s3_refused`
/** Migrating and seeding a database, then starting an app on it. */
const SITE_SETUP_TIMEOUT_MS = 240_000

let scratch: string
let backupDir: string
let siteBucket: S3TestServer
let restoredBucket: S3TestServer
let siteUrl: string
let site: AppServer | undefined
let restored: AppServer | undefined

/** The S3 settings of a site whose media live in `s3`'s bucket. */
const s3Settings = (s3: S3TestServer) => ({
  S3_BUCKET: s3.bucket,
  S3_ENDPOINT: s3.url,
  S3_ACCESS_KEY_ID: 'test-key',
  S3_SECRET_ACCESS_KEY: 'test-secret',
})

/**
 * The shared app's settings for a site of this file's own: its database and bucket, a media
 * directory of its own (which a site on S3 never uses), its own Redis namespace (budgets), and no
 * mail server (it has no inquiries to send; its mail would be stored as files).
 */
function siteEnv(name: string, databaseUrl: string, s3: S3TestServer): Record<string, string> {
  const { SMTP_URL: _sharedMailServer, ...shared } = inject('appEnv')
  return {
    ...shared,
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: path.join(scratch, `${name}-media-dir`),
    REDIS_KEY_PREFIX: `${shared.REDIS_KEY_PREFIX}-${name}`,
    ...s3Settings(s3),
  }
}

/** What the backup and restore commands are given: the database and the bucket. */
const operationSettings = (databaseUrl: string, s3: S3TestServer, mediaDir: string) => ({
  DATABASE_URL: databaseUrl,
  MEDIA_DIR: mediaDir,
  ...s3Settings(s3),
})

/** The later tests restore the backup the first one took. */
const expectBackupTaken = () =>
  expect(existsSync(path.join(backupDir, 'manifest.json')), 'the first test took a backup').toBe(
    true,
  )

const putRequests = (s3: S3TestServer) =>
  s3.requests.filter((request) => request.method === 'PUT' || request.method === 'POST').length

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'backup-restore-s3-'))
  backupDir = path.join(scratch, 'backup')
  siteBucket = await startS3TestServer('site-media')
  restoredBucket = await startS3TestServer('restored-media')

  siteUrl = await createTestDatabase(SOURCE_DATABASE)
  const env = siteEnv('s3-site', siteUrl, siteBucket)
  // The demo content is seeded straight into the bucket: every picture with all its sizes.
  expect(await runScript('scripts/migrate.ts', env)).toBe(0)
  expect(await runScript('scripts/seed.ts', env)).toBe(0)
  site = await startApp(`backup-s3-site-${runId}`, env)
  // Every file as uploaded (Payload names a size `<name>-<width>x<height>.<ext>`), and each
  // photo or portrait with its sizes (those no larger than it; the drawn SVG logos have none).
  const objects = [...siteBucket.objects.keys()]
  const isSize = (name: string) => /-\d+x\d+\.\w+$/.test(name)
  const pictures = objects.filter((name) => !isSize(name) && /\.(png|jpe?g)$/.test(name))
  expect(pictures.length).toBeGreaterThan(0)
  for (const picture of pictures) {
    const stem = picture.replace(/\.\w+$/, '')
    const sizes = objects.filter((name) => isSize(name) && name.startsWith(`${stem}-`))
    expect(sizes.length, picture).toBeGreaterThan(0)
  }
}, SITE_SETUP_TIMEOUT_MS)

afterAll(async () => {
  await restored?.stop()
  await site?.stop()
  await siteBucket?.stop()
  await restoredBucket?.stop()
  await withConnection(inject('databaseUrl'), async (client) => {
    for (const name of [SOURCE_DATABASE, RESTORED_DATABASE, REFUSED_DATABASE]) {
      await client.query(`drop database if exists "${name}" with (force)`)
    }
  })
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe('backup and restore with media in S3', () => {
  it(
    'restores the site into an empty database and bucket, answering every public surface with the same bytes',
    async () => {
      const keys = [...siteBucket.objects.keys()].sort()
      const backedUp = await runOperation(
        'backup',
        ['--out', backupDir],
        operationSettings(siteUrl, siteBucket, path.join(scratch, 'unused-media-dir')),
      )
      expect(backedUp.code, backedUp.stderr).toBe(0)
      const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8'))
      expect(manifest.media.source).toBe('s3')
      const media = (manifest.files as { path: string; contentType?: string }[]).filter((file) =>
        file.path.startsWith('media/'),
      )
      expect(media.map((file) => file.path.slice('media/'.length)).sort()).toEqual(keys)
      for (const file of media) {
        const key = file.path.slice('media/'.length)
        expect(file.contentType, key).toBe(siteBucket.objects.get(key)!.type)
      }

      const restoredUrl = await createTestDatabase(RESTORED_DATABASE)
      const restoredMediaDir = path.join(scratch, 'restored-media-dir')
      const restoredRun = await runOperation(
        'restore',
        [backupDir],
        operationSettings(restoredUrl, restoredBucket, restoredMediaDir),
      )
      expect(restoredRun.code, restoredRun.stderr).toBe(0)
      expect([...restoredBucket.objects.keys()].sort()).toEqual(keys)
      for (const key of keys) {
        const [before, after] = [siteBucket.objects.get(key)!, restoredBucket.objects.get(key)!]
        expect(after.body.equals(before.body), key).toBe(true)
        expect(after.type, key).toBe(before.type)
      }
      expect(() => readdirSync(restoredMediaDir)).toThrow(/ENOENT/)

      restored = await startApp(
        `backup-s3-restored-${runId}`,
        siteEnv('s3-restored', restoredUrl, restoredBucket),
      )
      const surfaces = await everyPublicSurface(site!.url, keys)
      const statuses = await expectSameAnswers(site!.url, restored.url, surfaces)
      // Every surface but the embargoed files (the demo content has some) answered something to compare.
      const files = keys.map((key) => fileUrl(key))
      const pages = surfaces.filter((surface) => !files.includes(surface))
      expect(pages.filter((surface) => statuses.get(surface) !== 200)).toEqual([])
      const servedFiles = files.filter((surface) => statuses.get(surface) === 200)
      expect(servedFiles.length).toBeGreaterThan(files.length / 2)
      expect(files.filter((surface) => ![200, 404].includes(statuses.get(surface)!))).toEqual([])
      // The copy read its files from its own bucket (the restore only wrote there).
      const served = new Set(
        restoredBucket.requests
          .filter((request) => request.method === 'GET' || request.method === 'HEAD')
          .map((request) => request.key),
      )
      for (const surface of servedFiles) {
        expect(served.has(decodeURIComponent(surface.slice(fileUrl('').length))), surface).toBe(
          true,
        )
      }
    },
    OPERATION_TIMEOUT_MS * 3,
  )

  it(
    'refuses a bucket that is not empty, changing neither it nor the database',
    async () => {
      expectBackupTaken()
      // The site's bucket holds its media: the backup is refused there, whatever it holds.
      const emptyUrl = await createTestDatabase(REFUSED_DATABASE)
      const objects = new Map(siteBucket.objects)
      const writesBefore = putRequests(siteBucket)
      const refused = await runOperation(
        'restore',
        [backupDir],
        operationSettings(emptyUrl, siteBucket, path.join(scratch, 'refused-media-dir')),
      )
      expect(refused.code, refused.stderr).toBe(2)
      expect(refused.stderr).toContain(`media store s3://${siteBucket.bucket} is not empty`)
      expect(refused.stderr).toContain(`it holds ${[...objects.keys()].sort()[0]}`)
      expect(await publicTableCount(emptyUrl)).toBe(0)
      expect(putRequests(siteBucket)).toBe(writesBefore)
      expect(siteBucket.objects).toEqual(objects)
    },
    OPERATION_TIMEOUT_MS,
  )

  it(
    'fails on a bucket that does not exist, saying that it wrote nothing',
    async () => {
      expectBackupTaken()
      const emptyUrl = await createTestDatabase(REFUSED_DATABASE)
      const failed = await runOperation('restore', [backupDir], {
        ...operationSettings(emptyUrl, restoredBucket, path.join(scratch, 'refused-media-dir')),
        S3_BUCKET: 'no-such-bucket',
      })
      expect(failed.code, failed.stderr).toBe(1)
      expect(failed.stderr).toContain('NoSuchBucket')
      expect(failed.stderr).toContain('Nothing was written to the database or the media store.')
      expect(failed.stderr).not.toContain('may now hold part of the backup')
      expect(await publicTableCount(emptyUrl)).toBe(0)
    },
    OPERATION_TIMEOUT_MS,
  )
})
