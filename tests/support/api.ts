import { inject } from 'vitest'

export const baseUrl = (): string => inject('baseUrl')

/** An anonymous request to the running app. */
export function get(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, init)
}

export async function getJson<T = Record<string, unknown>>(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T; response: Response }> {
  const response = await get(path, init)
  const text = await response.text()
  let body: T
  try {
    body = JSON.parse(text) as T
  } catch {
    throw new Error(`${path} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`)
  }
  return { status: response.status, body, response }
}

/** A request as the signed-in admin (API key). */
export function asAdmin(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: {
      ...(typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
      Authorization: inject('adminAuthorization'),
      ...init.headers,
    },
  })
}

export async function asAdminJson<T = Record<string, unknown>>(
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const response = await asAdmin(path, init)
  const text = await response.text()
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as T
}

/**
 * The HTML of the first page of a paged list (following its `rel="next"` links) that contains
 * `text`, or undefined. Other files publish documents meanwhile, newer ones included, so a test
 * that looks for its own document in a list must not assume it is on the first page.
 */
export async function listPageContaining(path: string, text: string): Promise<string | undefined> {
  const seen = new Set<string>()
  for (let next: string | undefined = path; next && !seen.has(next);) {
    seen.add(next)
    const response = await get(next)
    if (response.status !== 200) throw new Error(`${next} answered ${response.status}`)
    const html = await response.text()
    if (html.includes(text)) return html
    next = html.match(/<a href="([^"]+)" rel="next">/)?.[1]?.replaceAll('&amp;', '&')
  }
  return undefined
}
