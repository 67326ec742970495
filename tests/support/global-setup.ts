import { rmSync } from 'node:fs'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { adminWithApiKey } from './admin'
import { runScript, startApp, type AppServer } from './app-server'
import { createTestDatabase, stopTestDatabaseServer } from './database'
import { startSmtpCatcher, type SmtpCatcher } from './smtp'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    databaseUrl: string
    /** `Authorization` header value of a signed-in admin (API key). */
    adminAuthorization: string
    /** Where the shared app's SMTP server drops what it receives (one JSON file per message). */
    mailDir: string
    redisUrl: string
    /** The shared app's Redis key namespace (budgets), unique to this run. */
    redisPrefix: string
    /** The shared app's settings, to start more instances of the same site. */
    appEnv: Record<string, string>
  }
}

export const ADMIN = { email: 'admin@example.test', password: 'correct-horse-battery-staple' }
const ADMIN_API_KEY = 'test-admin-api-key-0123456789abcdef'

/** Settings of the shared app that the tests rely on. */
export const APP_SETTINGS = {
  INQUIRY_TO: 'team@example.test',
  MAIL_FROM: 'website@example.test',
  // Requests from the tests arrive over loopback: loopback is the "proxy", so tests choose their
  // client address with X-Forwarded-For; without it a request is unidentified.
  TRUSTED_PROXIES: '127.0.0.1, ::1',
  MAIL_RETRY_BASE_MS: '300',
  MAIL_POLL_INTERVAL_MS: '200',
}

let app: AppServer | undefined
let smtp: SmtpCatcher | undefined

/** One fresh database, migrated; one production server on it; one admin with an API key. */
export default async function setup(project: TestProject) {
  // TEST_RUN_ID separates concurrent runs on one machine (database, media, logs).
  const runId = process.env.TEST_RUN_ID ?? 'main'
  const databaseUrl = await createTestDatabase(`consultancy_test_${runId}`)
  const mediaDir = path.resolve(`.data/test-media-${runId}`)
  rmSync(mediaDir, { recursive: true, force: true })
  const mailDir = path.resolve(`.data/test-mail-${runId}`)
  rmSync(mailDir, { recursive: true, force: true })
  smtp = await startSmtpCatcher({ dir: mailDir })
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const redisPrefix = `test-${runId}-${Date.now()}`
  const env = {
    ...APP_SETTINGS,
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: mediaDir,
    SMTP_URL: smtp.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
  }

  if ((await runScript('scripts/migrate.ts', env)) !== 0) throw new Error('migrations failed')
  app = await startApp(`app-${runId}`, env)

  project.provide('baseUrl', app.url)
  project.provide('databaseUrl', databaseUrl)
  project.provide('adminAuthorization', await adminWithApiKey(app.url, env, ADMIN, ADMIN_API_KEY))
  project.provide('mailDir', mailDir)
  project.provide('redisUrl', redisUrl)
  project.provide('redisPrefix', redisPrefix)
  project.provide('appEnv', env)

  return async () => {
    await app?.stop()
    await smtp?.stop()
    await stopTestDatabaseServer()
  }
}
