import { logger } from '@/lib/logger'

/** Several tables change in one publish; their notifications are purged as one. */
const PURGE_DEBOUNCE_MS = 200
const PURGE_TIMEOUT_MS = 5_000

/**
 * Asks a CDN to drop what it holds (`POST` to its purge-everything endpoint) after published
 * content changed. Every instance hears every change, so a CDN may be asked more than once for one
 * publish; purging is idempotent. Failures are logged, never thrown: the CDN's own `s-maxage`
 * still bounds how stale it can be.
 */
export function cdnPurger(url: string | undefined, token: string | undefined): () => void {
  if (!url) return () => undefined
  let timer: NodeJS.Timeout | undefined
  return () => {
    if (timer) return
    timer = setTimeout(() => {
      timer = undefined
      fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ purge_everything: true }),
        signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      }).then(
        (response) => {
          if (!response.ok) logger.warn({ status: response.status }, 'CDN purge refused')
        },
        (error: unknown) => logger.warn({ err: String(error) }, 'CDN purge failed'),
      )
    }, PURGE_DEBOUNCE_MS)
    timer.unref()
  }
}
