import { asAdminJson, baseUrl } from './api'
import { uniqueClient } from './inquiries'

export type Role = 'admin' | 'editor' | 'author'

export interface Account {
  id: number
  email: string
  password: string
  /** `Authorization` header value of the signed-in account (JWT). */
  authorization: string
}

let sequence = 0

/** An account with `role`, created by the test admin (which sends it an invitation) and signed in. */
export async function createAccount(role: Role): Promise<Account> {
  sequence += 1
  const email = `${role}-${Date.now().toString(36)}-${sequence}@example.test`
  const password = `a-long-passphrase-${sequence}-${Date.now()}`
  const { doc } = await asAdminJson<{ doc: { id: number } }>('/api/users', {
    method: 'POST',
    body: JSON.stringify({ email, password, roles: [role] }),
  })
  const response = await fetch(`${baseUrl()}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': uniqueClient() },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`)
  const { token } = (await response.json()) as { token: string }
  return { id: doc.id, email, password, authorization: `JWT ${token}` }
}

/** A request as `account`. */
export function as(account: Account, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: {
      ...(typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
      Authorization: account.authorization,
      ...init.headers,
    },
  })
}
