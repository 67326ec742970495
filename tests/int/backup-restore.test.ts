import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { startApp, type AppServer } from '../support/app-server'
import {
  expectSameAnswers,
  OPERATION_TIMEOUT_MS,
  publicTableCount,
  runOperation,
} from '../support/backup-surfaces'
import { createTestDatabase, withConnection } from '../support/database'
import { afterTheNewest, createDocument, createImage, uniqueSlug } from '../support/factories'
import { fileUrl } from '../support/media'
import { readUntil } from '../support/poll'
import { cacheableUrls } from '../support/published-surfaces'
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp'

/**
 * `npm run backup` and `npm run restore` end to end: the shared app's database and media are
 * backed up, restored into a new, empty database and media directory, and a second instance on
 * the restored copy must answer every public surface with the same bytes as the original.
 */
const runId = process.env.TEST_RUN_ID ?? 'main'
const RESTORED_DATABASE = `consultancy_test_${runId}_restored`
const REFUSED_DATABASE = `consultancy_test_${runId}_refused`

let scratch: string
let backupDir: string
let restoredMediaDir: string
let restoredUrl: string
let restored: AppServer | undefined
let restoredSmtp: SmtpCatcher | undefined
let post: { id: number; slug: string }
let image: { id: number; filename: string }

/** The shared app's settings, pointed at another database and media directory. */
const target = (databaseUrl: string, mediaDir: string) => ({
  DATABASE_URL: databaseUrl,
  MEDIA_DIR: mediaDir,
})

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'backup-restore-'))
  backupDir = path.join(scratch, 'backup')
  restoredMediaDir = path.join(scratch, 'restored-media')

  const slug = uniqueSlug('backed-up')
  image = await createImage(`Cover of ${slug}`)
  // The newest of all: llms.txt, which the original must list it in, shows the newest posts.
  post = await createDocument('posts', {
    status: 'published',
    slug,
    coverImage: image.id,
    publishedAt: (await afterTheNewest('posts')).toISOString(),
  })
  // The original must show the post everywhere before the backup, or the two would differ by
  // how far the original had got rather than by what the backup kept.
  const listed = await readUntil(
    () => fetch(`${inject('baseUrl')}/llms.txt`).then((response) => response.text()),
    (text) => text.includes(slug),
  )
  expect(listed).toContain(slug)
  const file = await readUntil(
    () => fetch(`${inject('baseUrl')}${fileUrl(image.filename)}`),
    (response) => response.status === 200,
  )
  expect(file.status).toBe(200)
}, OPERATION_TIMEOUT_MS)

afterAll(async () => {
  await restored?.stop()
  await restoredSmtp?.stop()
  await withConnection(inject('databaseUrl'), async (client) => {
    for (const name of [RESTORED_DATABASE, REFUSED_DATABASE]) {
      await client.query(`drop database if exists "${name}" with (force)`)
    }
  })
  rmSync(scratch, { recursive: true, force: true })
})

describe('backup and restore', () => {
  it(
    'restores a copy of the site that answers every public surface with the same bytes',
    async () => {
      const appEnv = inject('appEnv')
      const backedUp = await runOperation('backup', ['--out', backupDir], {
        DATABASE_URL: appEnv.DATABASE_URL,
        MEDIA_DIR: appEnv.MEDIA_DIR,
      })
      expect(backedUp.code, backedUp.stderr).toBe(0)
      const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8'))
      expect(manifest.database.name).toBe(new URL(appEnv.DATABASE_URL!).pathname.slice(1))
      expect(manifest.database.pgDumpVersion).toMatch(/^pg_dump \(PostgreSQL\) \d+/)
      expect(manifest.files.map((entry: { path: string }) => entry.path)).toContain(
        `media/${image.filename}`,
      )

      restoredUrl = await createTestDatabase(RESTORED_DATABASE)
      const restoredRun = await runOperation(
        'restore',
        [backupDir],
        target(restoredUrl, restoredMediaDir),
      )
      expect(restoredRun.code, restoredRun.stderr).toBe(0)
      expect(readdirSync(restoredMediaDir)).toContain(image.filename)

      // Its own mail server and Redis namespace: the copy must not mail the original's inquiries
      // again, nor share the original's budgets and cache invalidations.
      restoredSmtp = await startSmtpCatcher({ dir: path.join(scratch, 'restored-mail') })
      restored = await startApp(`restored-${runId}`, {
        ...appEnv,
        ...target(restoredUrl, restoredMediaDir),
        SMTP_URL: restoredSmtp.url,
        REDIS_KEY_PREFIX: `${appEnv.REDIS_KEY_PREFIX}-restored`,
      })

      const paths = [...cacheableUrls(post), fileUrl(image.filename), `/api/media/${image.id}`]
      const statuses = await expectSameAnswers(inject('baseUrl'), restored.url, paths)
      expect(paths.filter((surface) => statuses.get(surface) !== 200)).toEqual([])
      const page = await (await fetch(`${restored.url}/en/blog/${post.slug}`)).text()
      expect(page).toContain(`Title ${post.slug}`)
    },
    OPERATION_TIMEOUT_MS * 2,
  )

  it(
    'refuses a database or media directory that is not empty, changing neither',
    async () => {
      expect(restoredUrl, 'the first test restored a database').toBeTruthy()
      const intoRestored = await runOperation(
        'restore',
        [backupDir],
        target(restoredUrl, path.join(scratch, 'empty-media')),
      )
      expect(intoRestored.code).toBe(2)
      expect(intoRestored.stderr).toMatch(
        new RegExp(`database "${RESTORED_DATABASE}" is not empty: its public schema has`),
      )

      const emptyUrl = await createTestDatabase(REFUSED_DATABASE)
      const usedMedia = path.join(scratch, 'used-media')
      mkdirSync(usedMedia)
      writeFileSync(path.join(usedMedia, 'already-here.png'), 'x')
      const intoUsedMedia = await runOperation('restore', [backupDir], target(emptyUrl, usedMedia))
      expect(intoUsedMedia.code).toBe(2)
      expect(intoUsedMedia.stderr).toContain(`media store ${usedMedia} is not empty`)
      expect(intoUsedMedia.stderr).toContain('already-here.png')
      expect(await publicTableCount(emptyUrl)).toBe(0)
      expect(readdirSync(usedMedia)).toEqual(['already-here.png'])
    },
    OPERATION_TIMEOUT_MS,
  )

  it(
    'refuses a backup whose bytes do not match its manifest',
    async () => {
      const damaged = path.join(scratch, 'damaged')
      cpSync(backupDir, damaged, { recursive: true })
      const media = path.join(damaged, 'media', image.filename)
      const bytes = await readFile(media)
      bytes[bytes.length - 1]! ^= 0xff
      await writeFile(media, bytes)
      const emptyUrl = await createTestDatabase(REFUSED_DATABASE)
      const emptyMedia = path.join(scratch, 'never-written')

      const refused = await runOperation('restore', [damaged], target(emptyUrl, emptyMedia))
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain(`media/${image.filename}: checksum mismatch`)
      expect(await publicTableCount(emptyUrl)).toBe(0)
      expect(() => readdirSync(emptyMedia)).toThrow(/ENOENT/)
    },
    OPERATION_TIMEOUT_MS,
  )

  it(
    'refuses a pg_dump older than the server, naming the client to install',
    async () => {
      const serverMajor = await withConnection(inject('databaseUrl'), async (client) => {
        const { rows } = await client.query('show server_version_num')
        return Math.floor(Number(rows[0].server_version_num) / 10_000)
      })
      const oldTools = path.join(scratch, 'old-tools')
      mkdirSync(oldTools)
      const oldPgDump = path.join(oldTools, 'pg_dump')
      writeFileSync(oldPgDump, `#!/bin/sh\necho "pg_dump (PostgreSQL) ${serverMajor - 1}.3"\n`)
      chmodSync(oldPgDump, 0o755)
      const out = path.join(scratch, 'never-written-backup')

      const refused = await runOperation('backup', ['--out', out, '--pg-bin', oldTools], {
        DATABASE_URL: inject('databaseUrl'),
        MEDIA_DIR: inject('appEnv').MEDIA_DIR,
      })
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain(`install postgresql-client-${serverMajor}`)
      expect(() => readdirSync(out)).toThrow(/ENOENT/)
    },
    OPERATION_TIMEOUT_MS,
  )

  it(
    'says the embedded development database is not its to back up',
    async () => {
      const refused = await runOperation('backup', ['--out', path.join(scratch, 'embedded')], {
        DATABASE_URL: undefined,
      })
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain('DATABASE_URL is not set')
    },
    OPERATION_TIMEOUT_MS,
  )
})
