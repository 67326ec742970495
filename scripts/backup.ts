/**
 * Takes a backup of the site's database and media files into a new directory:
 *
 *   npm run backup -- --out DIR [--pg-bin DIR]
 *
 * Reads DATABASE_URL, MEDIA_DIR and the S3_* settings (and .env files) as the app does. Exit 0:
 * written; 2: refused, nothing written (the reason on stderr); 1: failed. See
 * src/operations/backup.ts.
 */
import nextEnv from '@next/env'

// See scripts/migrate.ts: keep the event loop alive while the modules load.
const keepAlive = setInterval(() => {}, 1_000)

nextEnv.loadEnvConfig(process.cwd())
// Imported once .env is loaded: the env module reads the settings when it loads.
const { runCommand } = await import('@/operations/backup')
const code = await runCommand('backup', process.argv.slice(2))
clearInterval(keepAlive)
process.exit(code)
