/**
 * The one cross-origin rule: a `Sec-Fetch-Site` other than same-origin/none, or an `Origin`
 * (including `null`) other than the site's own, is a browser acting for another site. Requests
 * with neither header (curl, agents, servers) pass: they are not browsers acting for a user on
 * another site. Answers why it refuses, or null.
 */
export function crossOriginRefusal(
  fetchSite: string | null | undefined,
  origin: string | null | undefined,
  siteOrigin: string,
): string | null {
  if (fetchSite != null && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return 'Cross-origin requests are not accepted.'
  }
  if (origin != null && origin !== new URL(siteOrigin).origin) {
    return 'Cross-origin requests are not accepted.'
  }
  return null
}
