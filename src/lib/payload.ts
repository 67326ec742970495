import 'server-only'

import configPromise from '@payload-config'
import { getPayload, type Payload } from 'payload'

/**
 * The process-wide Payload instance (Payload caches it; this is the one import path for it).
 * The web server runs the jobs queue's crons (scheduled publishing); scripts don't.
 */
export function getPayloadClient(): Promise<Payload> {
  return getPayload({ config: configPromise, cron: true })
}
