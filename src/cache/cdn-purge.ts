/**
 * A CDN's purge-everything endpoint (`CDN_PURGE_URL`): `POST`ed with `{"purge_everything":true}`
 * and the bearer token `CDN_PURGE_TOKEN` when one is set (Cloudflare's purge_cache endpoint takes
 * exactly this). src/cache/targeted-purge.ts calls it for every change when it is the only purge
 * configured (`CDN_PURGE_KIND=everything`, or unset), and as the fallback of a targeted purge
 * that failed.
 */
export interface PurgeEverythingEndpoint {
  url: string
  token?: string
}

/** Asks the endpoint to drop everything; resolves with what went wrong, or undefined. */
export async function purgeEverything(
  { url, token }: PurgeEverythingEndpoint,
  timeoutMs: number,
): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ purge_everything: true }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body?.cancel()
    return response.ok ? undefined : `status ${response.status}`
  } catch (error) {
    return String(error)
  }
}
