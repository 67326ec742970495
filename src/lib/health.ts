import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { getPayloadClient } from './payload'

const DB_TIMEOUT_MS = 2_000

export interface Health {
  status: 'ok' | 'unavailable'
  database: 'ok' | 'unreachable'
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ])
}

/** Asks the database for `select 1`; a failure or a slow answer means unavailable. */
export async function checkHealth(): Promise<Health> {
  try {
    await withTimeout(
      getPayloadClient().then((payload) => payload.db.drizzle.execute(sql`select 1`)),
      DB_TIMEOUT_MS,
    )
    return { status: 'ok', database: 'ok' }
  } catch (error) {
    console.error('Health check: database unreachable:', (error as Error).message)
    return { status: 'unavailable', database: 'unreachable' }
  }
}
