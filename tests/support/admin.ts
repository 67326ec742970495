import { runScript } from './app-server'

export interface Credentials {
  email: string
  password: string
}

/**
 * Creates an admin the way production does: the create-admin command against the app's database
 * (the first-run screen and `first-register` are refused in production).
 */
export async function createAdmin(env: Record<string, string>, admin: Credentials): Promise<void> {
  const code = await runScript('scripts/create-admin.ts', {
    ...env,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  })
  if (code !== 0) throw new Error(`create-admin failed with exit code ${code}`)
}

/** Signs in through the REST API and returns the session token. */
export async function signIn(baseUrl: string, account: Credentials): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  })
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { token: string }).token
}

/**
 * An admin with an API key, as the tests act as editors: created with the create-admin command
 * (so every harness proves that path works), signed in, the key set through the REST API.
 * Returns the `Authorization` header value.
 */
export async function adminWithApiKey(
  baseUrl: string,
  env: Record<string, string>,
  admin: Credentials,
  apiKey: string,
): Promise<string> {
  await createAdmin(env, admin)
  const token = await signIn(baseUrl, admin)
  const me = await fetch(`${baseUrl}/api/users/me`, { headers: { Authorization: `JWT ${token}` } })
  const { user } = (await me.json()) as { user: { id: number } }
  const updated = await fetch(`${baseUrl}/api/users/${user.id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}` },
    body: JSON.stringify({ enableAPIKey: true, apiKey }),
  })
  if (!updated.ok) throw new Error(`enable API key: ${updated.status} ${await updated.text()}`)
  return `users API-Key ${apiKey}`
}
