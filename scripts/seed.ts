/**
 * Writes the demo content (src/seed) into the database that DATABASE_URL names. Safe to run
 * again: existing items are matched and only rewritten where they differ.
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { seedDemoContent } from '@/seed'

// See scripts/migrate.ts: keep the event loop alive while Payload starts.
setInterval(() => {}, 1_000)

try {
  const payload = await getPayload({ config })
  const { created, updated, unchanged } = await seedDemoContent(payload)
  console.log(`Seed: ${created} created, ${updated} updated, ${unchanged} unchanged.`)
  await payload.destroy()
  process.exit(0)
} catch (error) {
  console.error('Seed failed:', error)
  process.exit(1)
}
