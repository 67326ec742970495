import { createHmac, timingSafeEqual } from 'node:crypto'

import ipaddr from 'ipaddr.js'

/**
 * Who is calling, for the per-client inquiry budget (the contract leaves it open; see
 * docs/decisions.md). A client is its connecting address. Forwarding headers count only when the
 * connection comes from a declared trusted proxy, and then only the hop our proxies added.
 *
 * The project's server (src/server/main.ts) establishes the address from the socket, which route
 * handlers can't see, and hands it on in a header signed with the app secret. A request that
 * reaches Next.js any other way, or with a header of its own making, carries no valid signature
 * and counts as unidentified: no forged header can buy extra budget.
 */

export const CLIENT_ADDRESS_HEADER = 'x-client-address'
export const CLIENT_SIGNATURE_HEADER = 'x-client-address-signature'

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number]

export type TrustedProxies = Range[]

function parseAddress(value: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const trimmed = value.trim().replace(/^\[(.*)\]$/, '$1')
  if (!ipaddr.isValid(trimmed)) return null
  try {
    const address = ipaddr.parse(trimmed)
    // `::ffff:1.2.3.4` is an IPv4 client on a dual-stack socket.
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
      return (address as ipaddr.IPv6).toIPv4Address()
    }
    return address
  } catch {
    return null
  }
}

/** `TRUSTED_PROXIES`: comma-separated addresses or CIDR ranges, e.g. `10.0.0.0/8, ::1`. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  if (!value?.trim()) return []
  return value.split(',').map((entry) => {
    const text = entry.trim()
    if (text.includes('/')) return ipaddr.parseCIDR(text) as Range
    const address = parseAddress(text)
    if (!address) throw new Error(`TRUSTED_PROXIES: "${text}" is not an IP address or CIDR range`)
    return [address, address.kind() === 'ipv4' ? 32 : 128] as Range
  })
}

function isTrusted(address: ipaddr.IPv4 | ipaddr.IPv6, trusted: TrustedProxies): boolean {
  return trusted.some(([range, bits]) => {
    if (range.kind() !== address.kind()) return false
    return address.match(range as never, bits)
  })
}

/**
 * The client's address, or null when it can't be established: a connection from a trusted proxy
 * names the client in `X-Forwarded-For`, read from the right, past our own proxies only. An
 * unparsable entry where the client should be makes the request unidentified.
 */
export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string | null {
  const connecting = peer ? parseAddress(peer) : null
  if (!connecting) return null
  if (!isTrusted(connecting, trusted)) return connecting.toString()
  const hops = (forwardedFor ?? '').split(',').filter((hop) => hop.trim() !== '')
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = parseAddress(hops[index]!)
    if (!hop) return null
    if (!isTrusted(hop, trusted)) return hop.toString()
  }
  return null
}

/** The budget key of an address: IPv4 as is, IPv6 by its /64 (one subscriber's allocation). */
export function clientBucket(address: string): string {
  const parsed = parseAddress(address)
  if (!parsed) return `unparsed:${address}`
  if (parsed.kind() === 'ipv4') return `v4:${parsed.toString()}`
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4)
  return `v6:${parts.map((part) => part.toString(16)).join(':')}::/64`
}

export function signClientAddress(address: string, secret: string): string {
  return createHmac('sha256', secret).update(`client-address:${address}`).digest('base64url')
}

/** How many clients' signatures a signer keeps (then it starts over). */
export const SIGNATURES_KEPT_MAX = 1_024

/**
 * Signs addresses with one secret, keeping the signatures of the latest clients: a client sends
 * many requests, and an HMAC's setup was about 1% of a document twin's miss.
 */
export class ClientAddressSigner {
  private readonly signatures = new Map<string, string>()
  /** How many signatures were computed. */
  computed = 0

  constructor(private readonly secret: string) {}

  sign(address: string): string {
    const kept = this.signatures.get(address)
    if (kept !== undefined) return kept
    this.computed += 1
    const signature = signClientAddress(address, this.secret)
    if (this.signatures.size >= SIGNATURES_KEPT_MAX) this.signatures.clear()
    this.signatures.set(address, signature)
    return signature
  }

  get kept(): number {
    return this.signatures.size
  }
}

/** The address the project's server vouched for, or null (unidentified). */
export function verifiedClientAddress(headers: Headers, secret: string): string | null {
  const address = headers.get(CLIENT_ADDRESS_HEADER)
  const signature = headers.get(CLIENT_SIGNATURE_HEADER)
  if (!address || !signature) return null
  const expected = Buffer.from(signClientAddress(address, secret))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given) ? address : null
}
