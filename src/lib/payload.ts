import 'server-only'

import configPromise from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { onShutdown, processSingleton } from './process-singleton'

/**
 * The process-wide Payload instance (Payload caches it; this is the one import path for it).
 * The web server runs the jobs queue's crons (scheduled publishing); scripts don't.
 */
export function getPayloadClient(): Promise<Payload> {
  const payload = getPayload({ config: configPromise, cron: true })
  // Once per process: at shutdown, stop the crons and close the database pool.
  processSingleton('payload-shutdown', () =>
    onShutdown('payload', async () => (await payload).destroy()),
  )
  return payload
}
