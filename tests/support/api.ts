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
