import 'server-only'

import { notFound } from 'next/navigation'
import type { ServerFunction } from 'payload'
import { copyDataFromLocale } from '@payloadcms/ui/utilities/copyDataFromLocale'

import { setResponseStatus } from '@/http/response-status'
import { schedulePublishByPublishers } from '@/scheduling/schedule-guard'

/**
 * The admin's server functions (Payload's `serverFunction` action, src/app/(payload)/layout.tsx)
 * refuse a signed-in user who may not do what they ask by throwing: Payload's `Forbidden` (403)
 * and `UnauthorizedError` (401), a `not-found` error for a list the user may not read, an unknown
 * function's name. Thrown from an action, any error is a 500 that Next.js logs as one; these are
 * the caller's. So they end the action the way Next.js ends one for a refusal, with an
 * interrupt, which it answers without logging, and which the admin's client receives as the
 * call's failure, as before. Next.js answers `notFound()` with a 404; `forbidden()` and
 * `unauthorized()` need `experimental.authInterrupts`, so the status of those refusals is
 * recorded for the project's server, which answers with it (`withRefusedActionStatus`,
 * src/http/admin-actions.ts). Anything else is rethrown: a fault.
 */

/** The status of a refusal Payload's server functions throw, or null for anything else. */
export function refusalStatusOf(error: unknown): 401 | 403 | 404 | null {
  if (!(error instanceof Error)) return null
  // By shape, not by class: a bundled server may hold a second copy of Payload's error classes.
  const { status } = error as { status?: unknown }
  if (status === 401 || status === 403 || status === 404) return status
  // Payload's list view for a collection the user may not read (renderListHandler).
  if (error.message === 'not-found') return 404
  if (error.message.startsWith('Unknown Server Function:')) return 404
  return null
}

/** Ends the action with `status`: Next.js's not-found interrupt, the status recorded. */
function interrupt(status: 401 | 403 | 404): never {
  setResponseStatus(status)
  notFound()
}

/** Runs a server function call, turning Payload's refusals into answers with their status. */
export async function answeringRefusals<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    const status = refusalStatusOf(error)
    if (status === null) throw error
    interrupt(status)
  }
}

/**
 * Payload's `copy-data-from-locale` without its handler's error log: it logs every failure before
 * rethrowing it, a refusal (a published document an author may not change) included. The refusal
 * is answered above; a fault still reaches Next.js, which logs it.
 */
const copyDataFromLocaleQuietly: ServerFunction<Parameters<typeof copyDataFromLocale>[0]> = (
  args,
) => copyDataFromLocale(args)

/** Server functions the project replaces (Payload takes these before its own, by name). */
export const PROJECT_SERVER_FUNCTIONS = {
  'copy-data-from-locale': copyDataFromLocaleQuietly,
  // Schedules only from those who may publish the document (src/scheduling/schedule-guard.ts).
  'schedule-publish': schedulePublishByPublishers,
}
