import { spawn } from 'node:child_process'

import { expect } from 'vitest'

import { LOCALES } from '@/i18n/locales'

import { scriptNodeArgs, untilStarted } from '../../scripts/lib/script-process'

import { comparableBody } from './comparable-body'
import { withConnection } from './database'
import { fileUrl } from './media'
import { cacheableUrls } from './published-surfaces'

/**
 * What the backup and restore tests share (tests/int/backup-restore*.test.ts): running
 * `npm run backup` and `npm run restore` as an operator would, and comparing what the original
 * site and a second instance on its restored copy answer.
 */

/** The scripts print a line or two; enough time for a few seconds of tsx start-up and a dump. */
export const OPERATION_TIMEOUT_MS = 120_000

export interface OperationOutcome {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs scripts/backup.ts or scripts/restore.ts as `npm run` would, with `settings` over this
 * process's environment (a setting given as undefined is removed from it).
 */
export function runOperation(
  command: 'backup' | 'restore',
  args: string[],
  settings: Record<string, string | undefined>,
): Promise<OperationOutcome> {
  const env = { ...process.env, ...settings }
  for (const [name, value] of Object.entries(settings)) if (value === undefined) delete env[name]
  let outcome: OperationOutcome = { code: 1, stdout: '', stderr: '' }
  return untilStarted(
    () =>
      new Promise<number>((resolve) => {
        const child = spawn(process.execPath, scriptNodeArgs(`scripts/${command}.ts`, args), {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        outcome = { code: 1, stdout: '', stderr: '' }
        child.stdout.on('data', (chunk: Buffer) => (outcome.stdout += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (outcome.stderr += chunk.toString()))
        child.on('exit', (code) => resolve((outcome.code = code ?? 1)))
      }),
  ).then(() => outcome)
}

/** How many tables the database's public schema has (0: nothing was restored into it). */
export const publicTableCount = (databaseUrl: string) =>
  withConnection(databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from pg_tables where schemaname = 'public'",
    )
    return rows[0]!.count
  })

interface Answer {
  status: number
  type: string | null
  bytes: Buffer
}

async function read(origin: string, surface: string): Promise<Answer> {
  const response = await fetch(`${origin}${surface}`)
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}

/**
 * Asks the original and the copy for every surface, one after the other, and expects the same
 * status, content type and body: a media file's bytes exactly, anything else as
 * comparableBody() sees it (the two instances' own addresses, which pages spell out, unified).
 * Resolves with the original's status of each surface, for the caller to check.
 */
export async function expectSameAnswers(
  original: string,
  copy: string,
  surfaces: readonly string[],
): Promise<Map<string, number>> {
  const statuses = new Map<string, number>()
  for (const surface of surfaces) {
    const before = await read(original, surface)
    const after = await read(copy, surface)
    statuses.set(surface, before.status)
    expect(after.status, surface).toBe(before.status)
    expect(after.type, surface).toBe(before.type)
    if (surface.startsWith(fileUrl(''))) {
      expect(after.bytes.equals(before.bytes), surface).toBe(true)
    } else {
      expect(comparableBody(after.bytes.toString(), copy), surface).toBe(
        comparableBody(before.bytes.toString(), original),
      )
    }
  }
  return statuses
}

async function json<T>(origin: string, surface: string): Promise<T> {
  const response = await fetch(`${origin}${surface}`)
  expect(response.status, surface).toBe(200)
  return (await response.json()) as T
}

/** Every URL of the site's sitemap (following a sitemap index to its parts), as paths. */
async function sitemapPaths(origin: string): Promise<string[]> {
  const locs = async (surface: string) => {
    const xml = await (await fetch(`${origin}${surface}`)).text()
    return {
      index: xml.includes('<sitemapindex'),
      urls: [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname),
    }
  }
  const top = await locs('/sitemap.xml')
  if (!top.index) return top.urls
  return (await Promise.all(top.urls.map(async (part) => (await locs(part)).urls))).flat()
}

/** A listed document's fields the surfaces are found by. */
interface Listed {
  id: number
  slug?: string
}

/**
 * Every public surface of a whole site, found on it as a visitor would: the response cache's
 * catalogue (cacheableUrls), every page of the sitemap with its markdown twin, each language's
 * lists, category pages and feeds, the content API's lists and each of their documents, the
 * media library's records, and the file of every name in `mediaFiles` (public or not: an
 * embargoed file must stay a 404). Meant for a site of a few dozen documents (the demo content):
 * the API's lists are read in one page of up to API_PAGE each.
 */
export async function everyPublicSurface(origin: string, mediaFiles: readonly string[]) {
  const API_PAGE = 100
  const list = async (collection: string, locale?: string) =>
    (
      await json<{ docs: Listed[] }>(
        origin,
        `/api/${collection}?limit=${API_PAGE}${locale ? `&locale=${locale}` : ''}`,
      )
    ).docs
  const posts = await list('posts')
  const post = posts.find((candidate) => candidate.slug)
  expect(post, 'a published post').toBeDefined()
  const surfaces = new Set(cacheableUrls({ id: post!.id, slug: post!.slug! }))
  for (const page of await sitemapPaths(origin)) {
    surfaces.add(page)
    surfaces.add(`${page}.md`)
  }
  for (const locale of LOCALES) {
    for (const page of ['', '/blog', '/case-studies', '/contact', '/privacy']) {
      surfaces.add(`/${locale}${page}`)
    }
    surfaces.add(`/${locale}/blog.md`)
    surfaces.add(`/${locale}/feed.xml`)
    surfaces.add(`/${locale}/case-studies/feed.xml`)
    for (const category of await list('categories', locale)) {
      surfaces.add(`/${locale}/blog/category/${category.slug}`)
    }
    for (const collection of ['posts', 'case-studies', 'categories']) {
      surfaces.add(`/api/${collection}?limit=${API_PAGE}&locale=${locale}`)
    }
  }
  for (const collection of ['posts', 'case-studies', 'categories', 'media']) {
    for (const doc of await list(collection)) surfaces.add(`/api/${collection}/${doc.id}`)
    surfaces.add(`/api/${collection}?limit=${API_PAGE}`)
  }
  for (const name of mediaFiles) surfaces.add(fileUrl(name))
  surfaces.add('/docs/api')
  surfaces.add('/docs/api.md')
  return [...surfaces]
}
