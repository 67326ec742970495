import type { Server, ServerOptions } from 'node:http'

/**
 * How long a client may take to send a request, and how many connections it may hold: what a
 * reverse proxy in front would otherwise decide. Node's own defaults hold a request whose body
 * trickles in for 300 s, and accept connections until the process runs out of file descriptors.
 *
 * The timeouts cover receiving the request only: once the last byte of a request has arrived,
 * Node no longer times it, so a long response (a media file streamed to a slow reader, an MCP
 * answer that takes a while) is never cut by them.
 */
export const CONNECTION_LIMITS = {
  /** The request line and every header must have arrived within this. */
  headersTimeoutMs: 15_000,
  /** The whole request, body included, must have arrived within this (from its first byte). */
  requestTimeoutMs: 60_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** Connections held at once; further ones are closed as they arrive. */
  maxConnections: 4_096,
  /** Headers read per request; browsers send about twenty, the rest are ignored. */
  maxHeadersCount: 100,
  /**
   * How often Node looks for requests past their timeout (its default is every 30 s, which would
   * let a timed-out request live half a minute longer).
   */
  timeoutCheckIntervalMs: 1_000,
} as const

/** The limits an operator may change through settings (src/env.ts); the rest are fixed. */
export interface ConnectionSettings {
  SERVER_HEADERS_TIMEOUT_MS: number
  SERVER_REQUEST_TIMEOUT_MS: number
  SERVER_KEEP_ALIVE_TIMEOUT_MS: number
  SERVER_MAX_CONNECTIONS: number
}

export type ConnectionLimits = { [Name in keyof typeof CONNECTION_LIMITS]: number }

/** The fixed limits, with the operator's settings in place of their defaults. */
export function connectionLimits(settings: ConnectionSettings): ConnectionLimits {
  return {
    ...CONNECTION_LIMITS,
    headersTimeoutMs: settings.SERVER_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: settings.SERVER_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: settings.SERVER_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: settings.SERVER_MAX_CONNECTIONS,
  }
}

/** What must be given to `createServer` (Node reads the check interval only from its options). */
export function connectionServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
  }
}

/** The rest, set on the server before it listens. */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits): void {
  server.headersTimeout = limits.headersTimeoutMs
  server.requestTimeout = limits.requestTimeoutMs
  server.keepAliveTimeout = limits.keepAliveTimeoutMs
  server.maxConnections = limits.maxConnections
  server.maxHeadersCount = limits.maxHeadersCount
}
