import { cpSync, existsSync, rmSync } from 'node:fs'
import path from 'node:path'

import { createAdmin, signIn } from '../support/admin'
import { runScript, startApp } from '../support/app-server'
import { copyTestDatabase, createTestDatabase, stopTestDatabaseServer } from '../support/database'
import { startSmtpCatcher } from '../support/smtp'

export const E2E_ADMIN = { email: 'editor@example.test', password: 'e2e-password-0123456789' }

/**
 * A fresh database with the demo content (the seed), the production build on it, and an SMTP
 * server that drops received mail into a folder the tests read. Tests find the app at
 * E2E_BASE_URL and the mail in E2E_MAIL_DIR.
 *
 * A second instance, at E2E_PRISTINE_BASE_URL, runs on a copy of the freshly seeded database that
 * no test writes to: the screenshots and Lighthouse audits see the seeded site whatever the other
 * specs edit and in whatever order they run.
 */
export default async function globalSetup() {
  const runId = process.env.TEST_RUN_ID ?? 'main'
  const databaseName = `consultancy_e2e_${runId}`
  const databaseUrl = await createTestDatabase(databaseName)
  const mediaDir = path.resolve(`.data/e2e-media-${runId}`)
  const mailDir = path.resolve(`.data/e2e-mail-${runId}`)
  const pristineMediaDir = path.resolve(`.data/e2e-pristine-media-${runId}`)
  rmSync(mediaDir, { recursive: true, force: true })
  rmSync(mailDir, { recursive: true, force: true })
  rmSync(pristineMediaDir, { recursive: true, force: true })
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

  // Copied before any app connects to the seeded database (a template must have no connections).
  const pristineEnv = {
    ...env,
    DATABASE_URL: await copyTestDatabase(databaseName, `consultancy_e2e_pristine_${runId}`),
    MEDIA_DIR: pristineMediaDir,
    REDIS_KEY_PREFIX: `e2e-pristine-${runId}-${Date.now()}`,
  }
  if (existsSync(mediaDir)) cpSync(mediaDir, pristineMediaDir, { recursive: true })

  const [app, pristine] = await Promise.all([
    startApp(`e2e-${runId}`, env),
    startApp(`e2e-pristine-${runId}`, pristineEnv),
  ])

  await createAdmin(env, E2E_ADMIN)
  await createAdmin(pristineEnv, E2E_ADMIN)
  const token = await signIn(app.url, E2E_ADMIN)

  process.env.E2E_BASE_URL = app.url
  // Specs that seed rows of the project's own tables (the audience counts) write here.
  process.env.E2E_DATABASE_URL = databaseUrl
  process.env.E2E_PRISTINE_BASE_URL = pristine.url
  process.env.E2E_MAIL_DIR = mailDir
  process.env.E2E_ADMIN_TOKEN = token

  return async () => {
    await Promise.all([app.stop(), pristine.stop()])
    await smtp.stop()
    await stopTestDatabaseServer()
  }
}
