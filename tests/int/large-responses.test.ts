import { gunzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { asAdmin } from '../support/api'
import { startApp, type AppServer } from '../support/app-server'
import { poll } from '../support/poll'
import { askUrl } from '../support/local-server'
import { createDocument, uniqueSlug, type CreatedDocument } from '../support/factories'

/**
 * Responses too large for an in-memory entry are kept on disk: an instance whose entries may
 * hold 1 KB keeps llms-full.txt and schema.jsonl (tens of kilobytes here, tens of megabytes on a
 * large site) as files, answers them as hits, compressed for a client that takes gzip, and
 * renders them again once a post they show changes; told to keep nothing on disk, it renders
 * them for every reader.
 */
let app: AppServer
/** The same entry cap with nothing kept on disk (`RESPONSE_CACHE_DISK_MB=0`). */
let withoutDisk: AppServer
let post: CreatedDocument
const TITLE = `Spilled ${Date.now().toString(36)}`
const RENAMED = `Respilled ${Date.now().toString(36)}`
const FILES = ['/llms-full.txt', '/feeds/schema.jsonl']
/** What an in-memory entry may hold here: less than either file, even with only this test's post. */
const ENTRY_MAX_KB = 1

beforeAll(async () => {
  post = await createDocument('posts', {
    status: 'published',
    slug: uniqueSlug('spilled'),
    title: { en: TITLE, es: `Derramado ${Date.now().toString(36)}` },
  })
  app = await startApp(`large-responses-${process.env.TEST_RUN_ID ?? 'main'}`, {
    ...inject('appEnv'),
    RESPONSE_CACHE_ENTRY_MAX_KB: String(ENTRY_MAX_KB),
  })
  withoutDisk = await startApp(`large-responses-off-${process.env.TEST_RUN_ID ?? 'main'}`, {
    ...inject('appEnv'),
    RESPONSE_CACHE_ENTRY_MAX_KB: String(ENTRY_MAX_KB),
    RESPONSE_CACHE_DISK_MB: '0',
  })
})

afterAll(async () => {
  await app?.stop()
  await withoutDisk?.stop()
  await asAdmin(`/api/posts/${post.id}`, { method: 'DELETE' })
})

/** A GET as sent, its body not decoded (fetch would gunzip it). */
const get = (path: string, headers: Record<string, string> = {}) =>
  askUrl(`${app.url}${path}`, headers)

/** Polls `attempt` until it returns something (other suites publish meanwhile). */
/** A hit for `path` showing `text`, with the gzip copy of the same bytes. */
async function hitShowing(path: string, text: string) {
  return poll(`${path} from the cache, showing ${text}`, async () => {
    const plain = await get(path)
    const gzipped = await get(path, { 'accept-encoding': 'gzip' })
    const sameBytes = gzipped.headers.etag === String(plain.headers.etag).replace(/"$/, '-gzip"')
    const hits = plain.headers['x-cache'] === 'HIT' && gzipped.headers['x-cache'] === 'HIT'
    return hits && sameBytes && plain.bytes.toString().includes(text)
      ? { plain, gzipped }
      : undefined
  })
}

describe('responses too large for memory', () => {
  it('are kept on disk and answered as hits, compressed for a client that takes it', async () => {
    for (const path of FILES) {
      const { plain, gzipped } = await hitShowing(path, TITLE)
      expect(plain.status, path).toBe(200)
      // Past what an entry may hold: only the files on disk can have answered it.
      expect(plain.bytes.length, path).toBeGreaterThan(ENTRY_MAX_KB * 1024)
      expect(plain.headers['content-length'], path).toBe(String(plain.bytes.length))
      expect(gzipped.headers['content-encoding'], path).toBe('gzip')
      expect(gunzipSync(gzipped.bytes).equals(plain.bytes), path).toBe(true)
      expect(gzipped.bytes.length, path).toBeLessThan(plain.bytes.length)
      const revalidated = await get(path, { 'if-none-match': String(plain.headers.etag) })
      // Another suite's publish may have changed it meanwhile: then it is a 200 of new bytes.
      if (revalidated.status === 200) expect(revalidated.headers.etag).not.toBe(plain.headers.etag)
      else expect(revalidated.status, path).toBe(304)
    }
  })

  it('are rendered for every reader when nothing may be kept on disk', async () => {
    for (const path of FILES) {
      const answers = []
      for (let read = 0; read < 3; read++) answers.push(await askUrl(`${withoutDisk.url}${path}`))
      for (const answer of answers) {
        expect(answer.status, path).toBe(200)
        // Past the entry cap, so not in memory either.
        expect(answer.bytes.length, path).toBeGreaterThan(ENTRY_MAX_KB * 1024)
        expect(answer.headers['x-cache'], path).toBeUndefined()
      }
    }
  })

  it('render again once a post they show changes', async () => {
    for (const path of FILES) await hitShowing(path, TITLE)
    const renamed = await asAdmin(`/api/posts/${post.id}?locale=en`, {
      method: 'PATCH',
      body: JSON.stringify({ title: RENAMED }),
    })
    expect(renamed.ok).toBe(true)
    for (const path of FILES) {
      const { plain } = await hitShowing(path, RENAMED)
      expect(plain.bytes.toString(), path).not.toContain(`"${TITLE}"`)
    }
  })
})
