import { isIP } from 'node:net'

import {
  forbiddenAddressKind,
  forbiddenAddressMessage,
  isAllowedHost,
  resolveAllowed,
  systemResolver,
  type Resolver,
} from './addresses'

/** The longest receiver URL accepted (browsers' and proxies' common limit). */
export const WEBHOOK_URL_MAX_LENGTH = 2048

export const URL_MESSAGES = {
  missing: 'Enter the receiver’s URL, e.g. https://hooks.example.com/site-events.',
  tooLong: `A webhook URL may be at most ${WEBHOOK_URL_MAX_LENGTH} characters long.`,
  invalid:
    'This is not a valid URL. Enter a full URL such as https://hooks.example.com/site-events.',
  scheme: (protocol: string) =>
    `Webhook URLs must start with https:// (${protocol}// is not accepted).`,
  credentials:
    'Remove the user name and password from the URL: receivers check a webhook by its ' +
    'signature (the webhook-signature header), never by credentials in the URL.',
  plainHttp:
    'Use https://: plain http:// is accepted only for hosts listed in WEBHOOK_ALLOWED_HOSTS ' +
    '(for development and tests).',
  unresolved: (host: string, code: string) =>
    `The host ${host} could not be found (${code}). Check the URL.`,
} as const

/**
 * The checks that need no network (scheme, credentials, plain http): the problem, or the URL
 * and whether its host is in WEBHOOK_ALLOWED_HOSTS.
 */
export function staticUrlProblem(
  value: unknown,
  allowedHosts: ReadonlySet<string>,
): { problem: string } | { url: URL; hostname: string; allowed: boolean } {
  if (typeof value !== 'string' || value.trim() === '') return { problem: URL_MESSAGES.missing }
  if (value.length > WEBHOOK_URL_MAX_LENGTH) return { problem: URL_MESSAGES.tooLong }
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return { problem: URL_MESSAGES.invalid }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { problem: URL_MESSAGES.scheme(url.protocol) }
  if (url.username || url.password) return { problem: URL_MESSAGES.credentials }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (!hostname) return { problem: URL_MESSAGES.invalid }
  const allowed = isAllowedHost(hostname, allowedHosts)
  if (url.protocol === 'http:' && !allowed) return { problem: URL_MESSAGES.plainHttp }
  return { url, hostname, allowed }
}

/**
 * Why a receiver URL is refused, or null: not http(s), credentials in it, plain http to a host
 * not allowed, or a host that is (or resolves to) a forbidden address. Checked when an endpoint
 * is saved; the delivery checks the address it connects to again (addresses.ts).
 */
export async function endpointUrlProblem(
  value: unknown,
  allowedHosts: ReadonlySet<string>,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  const checked = staticUrlProblem(value, allowedHosts)
  if ('problem' in checked) return checked.problem
  const { hostname, allowed } = checked
  if (allowed) return null
  if (isIP(hostname)) {
    const kind = forbiddenAddressKind(hostname)
    return kind ? forbiddenAddressMessage(hostname, hostname, kind) : null
  }
  try {
    await resolveAllowed(hostname, resolve)
    return null
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    if (code === 'EWEBHOOKFORBIDDEN') return message
    return URL_MESSAGES.unresolved(hostname, code ?? message)
  }
}
