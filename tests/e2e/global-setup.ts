import { rmSync } from 'node:fs'
import path from 'node:path'

import { createAdmin, signIn } from '../support/admin'
import { runScript, startApp } from '../support/app-server'
import { createTestDatabase, stopTestDatabaseServer } from '../support/database'
import { startSmtpCatcher } from '../support/smtp'

export const E2E_ADMIN = { email: 'editor@example.test', password: 'e2e-password-0123456789' }

/**
 * A fresh database with the demo content (the seed), the production build on it, and an SMTP
 * server that drops received mail into a folder the tests read. Tests find the app at
 * E2E_BASE_URL and the mail in E2E_MAIL_DIR.
 */
export default async function globalSetup() {
  const runId = process.env.TEST_RUN_ID ?? 'main'
  const databaseUrl = await createTestDatabase(`consultancy_e2e_${runId}`)
  const mediaDir = path.resolve(`.data/e2e-media-${runId}`)
  const mailDir = path.resolve(`.data/e2e-mail-${runId}`)
  rmSync(mediaDir, { recursive: true, force: true })
  rmSync(mailDir, { recursive: true, force: true })
  const smtp = await startSmtpCatcher({ dir: mailDir })
  const env = {
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: mediaDir,
    SMTP_URL: smtp.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `e2e-${runId}-${Date.now()}`,
    MAIL_POLL_INTERVAL_MS: '200',
  }
  if ((await runScript('scripts/migrate.ts', env)) !== 0) throw new Error('migrations failed')
  if ((await runScript('scripts/seed.ts', env)) !== 0) throw new Error('seed failed')
  const app = await startApp(`e2e-${runId}`, env)

  await createAdmin(env, E2E_ADMIN)
  const token = await signIn(app.url, E2E_ADMIN)

  process.env.E2E_BASE_URL = app.url
  process.env.E2E_MAIL_DIR = mailDir
  process.env.E2E_ADMIN_TOKEN = token

  return async () => {
    await app.stop()
    await smtp.stop()
    await stopTestDatabaseServer()
  }
}
