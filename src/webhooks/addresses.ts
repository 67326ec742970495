import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/*
 * Which addresses a webhook may connect to. A receiver's URL is an admin's input, and the
 * request leaves from inside the site's network: without this, an endpoint could make the
 * server POST to its own loopback services, the cloud's metadata address or the private network
 * behind it. The check is made on every address the host name resolves to when the connection
 * is made (the `lookup` below), not only when the URL is saved, since a name may resolve
 * elsewhere by then.
 */

/** Why an address is refused, by range (the words an admin reads in the refusal). */
export type ForbiddenKind =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'shared (carrier-grade NAT)'
  | 'reserved'

const IPV4_RANGES: readonly [ForbiddenKind, string, number][] = [
  ['unspecified', '0.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['shared (carrier-grade NAT)', '100.64.0.0', 10],
  ['loopback', '127.0.0.0', 8],
  ['link-local', '169.254.0.0', 16],
  ['private', '172.16.0.0', 12],
  ['reserved', '192.0.0.0', 24],
  ['reserved', '192.0.2.0', 24],
  ['private', '192.168.0.0', 16],
  ['reserved', '198.18.0.0', 15],
  ['reserved', '198.51.100.0', 24],
  ['reserved', '203.0.113.0', 24],
  ['multicast', '224.0.0.0', 4],
  // 240/4 holds the broadcast address too.
  ['reserved', '240.0.0.0', 4],
]

const IPV6_RANGES: readonly [ForbiddenKind, string, number][] = [
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  ['link-local', 'fe80::', 10],
  // Site-local, deprecated but still routed by some networks as private.
  ['private', 'fec0::', 10],
  ['unique-local', 'fc00::', 7],
  ['multicast', 'ff00::', 8],
  ['reserved', '100::', 64],
  ['reserved', '2001:db8::', 32],
  // Teredo tunnels hide the IPv4 address they lead to.
  ['reserved', '2001::', 32],
]

/** One BlockList per kind, so that a refusal can say which range the address is in. */
const BLOCK_LISTS: ReadonlyMap<ForbiddenKind, BlockList> = (() => {
  const lists = new Map<ForbiddenKind, BlockList>()
  const listOf = (kind: ForbiddenKind) => {
    let list = lists.get(kind)
    if (!list) lists.set(kind, (list = new BlockList()))
    return list
  }
  for (const [kind, network, prefix] of IPV4_RANGES) listOf(kind).addSubnet(network, prefix, 'ipv4')
  for (const [kind, network, prefix] of IPV6_RANGES) listOf(kind).addSubnet(network, prefix, 'ipv6')
  return lists
})()

/** The 16 bytes of an IPv6 address (already checked to be one), `::` and dotted tails included. */
function ipv6Bytes(address: string): number[] {
  let text = address
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const groups = (part: string) => (part ? part.split(':') : [])
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].flatMap((group) => {
    const value = parseInt(group, 16)
    return [value >> 8, value & 0xff]
  })
}

const dottedOf = (bytes: number[]) => bytes.join('.')

/**
 * The IPv4 address an IPv6 address carries and leads to, if any: IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) and 6to4 (`2002:AABB:CCDD::`).
 */
export function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address)
  const zeroUpTo = (end: number) => bytes.slice(0, end).every((byte) => byte === 0)
  if (zeroUpTo(10) && bytes[10] === 0xff && bytes[11] === 0xff) return dottedOf(bytes.slice(12))
  // `::` and `::1` are IPv6's own unspecified and loopback addresses, not compatible ones.
  if (zeroUpTo(12) && bytes.slice(12).some((byte, index) => byte !== 0 && (index < 3 || byte > 1)))
    return dottedOf(bytes.slice(12))
  const nat64 = [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0]
  if (nat64.every((byte, index) => bytes[index] === byte)) return dottedOf(bytes.slice(12))
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return dottedOf(bytes.slice(2, 6))
  return null
}

/** An address as dns.lookup may give it: IPv6 link-local ones may carry a zone (`fe80::1%eth0`). */
const withoutZone = (address: string) => address.replace(/%.*$/, '')

/**
 * Why a webhook may not connect to `address` (an IP address), or null when it may. An address
 * that is not one is refused too.
 */
export function forbiddenAddressKind(address: string): ForbiddenKind | null {
  const bare = withoutZone(address.trim()).replace(/^\[(.*)\]$/, '$1')
  const family = isIP(bare)
  if (family === 0) return 'reserved'
  const type = family === 4 ? 'ipv4' : 'ipv6'
  for (const [kind, list] of BLOCK_LISTS) if (list.check(bare, type)) return kind
  if (family === 6) {
    const inner = embeddedIpv4(bare)
    if (inner) return forbiddenAddressKind(inner)
  }
  return null
}

/** What an admin reads when an address is refused. */
export function forbiddenAddressMessage(
  host: string,
  address: string,
  kind: ForbiddenKind,
): string {
  const where = host === address ? `${address} is` : `${host} resolves to ${address},`
  return (
    `${where} a ${kind} address: webhooks may not reach loopback, link-local or private ` +
    'networks unless the host is listed in WEBHOOK_ALLOWED_HOSTS.'
  )
}

/** dns.lookup's shape, asked for every address (replaceable in tests). */
export type Resolver = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void

export const systemResolver: Resolver = (hostname, options, callback) =>
  dnsLookup(hostname, options, callback)

/** The error a refused address fails a connection with. */
export class ForbiddenAddressError extends Error {
  readonly code = 'EWEBHOOKFORBIDDEN'
  constructor(message: string) {
    super(message)
    this.name = 'ForbiddenAddressError'
  }
}

/** Every address `hostname` resolves to, or the first refused one with its kind. */
export function resolveAllowed(
  hostname: string,
  resolve: Resolver,
): Promise<{ addresses: LookupAddress[] }> {
  return new Promise((settle, fail) => {
    resolve(hostname, { all: true }, (error, addresses) => {
      if (error) return fail(error)
      if (addresses.length === 0) return fail(new Error(`${hostname} has no address`))
      // Every address must be allowed: whichever one the connection picks is then.
      for (const { address } of addresses) {
        const kind = forbiddenAddressKind(address)
        if (kind)
          return fail(new ForbiddenAddressError(forbiddenAddressMessage(hostname, address, kind)))
      }
      settle({ addresses })
    })
  })
}

/**
 * A `lookup` for http.request that resolves as Node would and refuses a host any of whose
 * addresses is forbidden, so the check applies to the address actually connected to.
 */
export function guardedLookup(resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, resolve).then(
      ({ addresses }) => {
        const family =
          options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family
        const usable = family ? addresses.filter((entry) => entry.family === family) : addresses
        if (usable.length === 0) {
          callback(
            Object.assign(new Error(`${hostname} has no IPv${family} address`), {
              code: 'ENOTFOUND',
            }),
            '',
          )
          return
        }
        if (options.all) callback(null, usable)
        else callback(null, usable[0]!.address, usable[0]!.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    )
  }
}

/** Is `hostname` (as the URL writes it) in WEBHOOK_ALLOWED_HOSTS? */
export function isAllowedHost(hostname: string, allowedHosts: ReadonlySet<string>): boolean {
  return allowedHosts.has(hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1'))
}
