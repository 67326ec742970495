import path from 'node:path'

import { z } from 'zod'

import { parseExtraAgents } from '@/audience/extra-agents'
import { parseTrustedProxies } from '@/http/client-address'
import { DEVELOPMENT_SECRET, secretWeakness } from '@/lib/secret-strength'
import { CONNECTION_LIMITS } from '@/server/limits'
import { defaultPageRenders } from '@/server/page-renders'

/**
 * Settings, read and validated once. Everything else imports `env` from here, so a setting is
 * never derived twice with two fallbacks.
 *
 * In production every required setting must be present and valid, or the process fails at start
 * with a message naming the setting. In development and tests, safe local defaults apply. While
 * `next build` runs (no secrets are needed to compile), the production checks are relaxed.
 */

const isProduction = process.env.NODE_ENV === 'production'
const isBuildPhase = process.env.NEXT_PHASE === 'phase-production-build'
const strict = isProduction && !isBuildPhase

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value)
const optionalUrl = z.preprocess(blankAsUnset, z.url().optional())

/** How inquiry mail leaves: through an SMTP server, or only stored as .eml files (sent nowhere). */
export const MAIL_TRANSPORTS = ['smtp', 'files'] as const
const mailTransportSetting = blankAsUnset(process.env.MAIL_TRANSPORT)

/**
 * SMTP_URL is what makes inquiries reach the team, so production needs it unless the operator
 * says, with MAIL_TRANSPORT=files, that storing messages is what they want; and with `files` it
 * must not be set at all, so that nobody believes mail is being sent.
 */
function smtpUrlSetting() {
  const smtpUrl = z.url({
    protocol: /^smtps?$/,
    error: (issue) =>
      issue.input === undefined
        ? strict
          ? 'required in production, so that inquiries reach the team ' +
            '(smtp://user:password@host:587, or smtps:// for implicit TLS); to keep mail as ' +
            '.eml files under .data/mail and send nothing, set MAIL_TRANSPORT=files instead'
          : 'required with MAIL_TRANSPORT=smtp'
        : 'must be an smtp:// or smtps:// URL',
  })
  if (mailTransportSetting === 'files') {
    return z.preprocess(
      blankAsUnset,
      z.undefined({ error: 'must be unset with MAIL_TRANSPORT=files (that mode sends nothing)' }),
    )
  }
  if (mailTransportSetting === 'smtp' || strict) return z.preprocess(blankAsUnset, smtpUrl)
  return z.preprocess(blankAsUnset, smtpUrl.optional())
}

/** One entry of WEBHOOK_ALLOWED_HOSTS: a host name or IP address (`[::1]` too), nothing else. */
const WEBHOOK_HOST = /^[^\s/@?#]+$/
const IPV6_BRACKETS = /^\[(.*)\]$/
const WEBHOOK_RETRY_MAX_DEFAULT_MS = 4 * 3_600_000
const WEBHOOK_OVERLAP_DEFAULT_MS = 24 * 3_600_000

/** The shared caches a publish can purge (CDN_PURGE_KIND, src/cache/targeted-purge.ts). */
export const CDN_PURGE_KINDS = ['varnish', 'cloudflare', 'fastly', 'everything'] as const

/** What each CDN_PURGE_KIND needs set besides. */
const CDN_PURGE_NEEDS: Record<(typeof CDN_PURGE_KINDS)[number], readonly string[]> = {
  varnish: ['VARNISH_PURGE_URLS'],
  cloudflare: ['CLOUDFLARE_ZONE_ID', 'CLOUDFLARE_API_TOKEN'],
  fastly: ['FASTLY_SERVICE_ID', 'FASTLY_API_TOKEN'],
  everything: ['CDN_PURGE_URL'],
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** A duration of at least a second (shorter server timeouts would cut ordinary clients). */
const milliseconds = z.coerce.number().int().min(1_000).max(3_600_000)

/** What a bearer token may be made of (RFC 6750's b64token). */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Interface the server listens on; default: every interface. */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: strict
    ? z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    : z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/postgres'),
  PAYLOAD_SECRET: strict
    ? z.string().superRefine((secret, ctx) => {
        const weakness = secretWeakness(secret)
        if (weakness) ctx.addIssue({ code: 'custom', message: weakness })
      })
    : z.string().min(1).default(DEVELOPMENT_SECRET),
  SITE_URL: strict ? z.url() : z.url().optional(),
  /** Where uploaded media files are stored on local disk. */
  MEDIA_DIR: z.string().min(1).default('.data/media'),
  REDIS_URL: optionalUrl,
  /** Namespace of this deployment's keys in a shared Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).default('consultancy'),
  /** Proxies whose X-Forwarded-For is believed: comma-separated IPs or CIDR ranges. */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .refine(
      (value) => {
        try {
          parseTrustedProxies(value)
          return true
        } catch {
          return false
        }
      },
      { message: 'must be comma-separated IP addresses or CIDR ranges' },
    ),
  SMTP_URL: smtpUrlSetting(),
  /**
   * `smtp` (the default when SMTP_URL is set) or `files`: messages are only written as .eml
   * files under .data/mail. `files` is the development default; production must ask for it.
   */
  MAIL_TRANSPORT: z.preprocess(blankAsUnset, z.enum(MAIL_TRANSPORTS).optional()),
  /**
   * Optional: an endpoint that receives a JSON POST when an inquiry's mail has failed for good
   * (retries exhausted), naming the inquiry and the error, never the sender.
   */
  ALERT_WEBHOOK_URL: optionalUrl,
  INQUIRY_TO: z.email().default('team@example.com'),
  /** First retry delay of a failed mail delivery; later ones double, up to an hour. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(100).default(30_000),
  /** How long a delivery attempt may hold an inquiry before another instance may retry it. */
  MAIL_LEASE_MS: z.coerce.number().int().min(1_000).default(120_000),
  /** How often each instance looks for inquiries due for delivery. */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  MAIL_FROM: z.email().default('website@example.com'),
  /**
   * `on`: each inquiry's sender gets one short acknowledgement in the inquiry's language (never
   * repeating what they wrote). Off by default: the form must not become a way to mail strangers.
   */
  INQUIRY_ACKNOWLEDGEMENT: z.preprocess(blankAsUnset, z.enum(['on', 'off']).default('off')),
  /** Least severe level written to the JSON logs (stdout). */
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  /**
   * Optional: traces (src/observability/) sent as OTLP/HTTP to `<this>/v1/traces`. Unset, no
   * tracing code runs and OpenTelemetry's SDK is never loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    blankAsUnset,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  /** The service's name in the traces. */
  OTEL_SERVICE_NAME: z.preprocess(blankAsUnset, z.string().min(1).default('consultancy-site')),
  /** Optional, comma-separated: read replicas of DATABASE_URL for reads (writes go to the primary). */
  DATABASE_READ_REPLICAS: z
    .string()
    .optional()
    .refine(
      (value) =>
        !value || value.split(',').every((url) => /^postgres(ql)?:\/\/\S+$/.test(url.trim())),
      { message: 'must be comma-separated postgres:// URLs' },
    ),
  /**
   * `off` turns every optimisation that goes beneath Next.js or Payload off at once (each has its
   * own switch too: DATABASE_PREPARED_STATEMENTS, PUBLISHED_READS, RESPONSE_CACHE,
   * IN_PROCESS_ROUTES, NEXT_RUNTIME_REMOVAL, BUILT_CONFIG, and SHARE_SERVER_CHUNKS at build time).
   * The site is correct without them, only slower: after a framework upgrade that breaks one, an
   * operator turns it off and stays up (docs/upgrading.md lists what each relies on).
   */
  FRAMEWORK_BYPASSES: z.enum(['on', 'off']).default('on'),
  /**
   * `on`: each database connection prepares the statements it sends repeatedly, so PostgreSQL
   * parses and plans them once (src/lib/prepared-statements.ts). Set `off` behind a connection
   * pooler that cannot keep prepared statements (PgBouncer before 1.21 in transaction mode).
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  /**
   * `sql`: published documents read anonymously (the API, the site's pages and twins, MCP) are
   * read by the project's own statements where they cover the document
   * (src/content/published-documents.ts), else by Payload's Local API; `local-api`: always by
   * the Local API, should a difference ever be suspected.
   */
  PUBLISHED_READS: z.enum(['sql', 'local-api']).default('sql'),
  /** Optional S3-compatible object storage for media (local disk, MEDIA_DIR, otherwise). */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** For S3-compatible services (MinIO, R2, …); unset for AWS. */
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path rather than the host name (most S3-compatible services want this). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /**
   * How many URLs one sitemap file lists before /sitemap.xml becomes an index of several
   * (the sitemaps.org limit, 50,000; lower only to see the index on a small site).
   */
  SITEMAP_URLS_MAX: z.coerce.number().int().min(1).max(50_000).default(50_000),
  /** The in-memory response cache of published reads: on, or off (to measure cache misses). */
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  /**
   * `on`: the content API's anonymous reads and the documents' twins are answered by their route
   * handlers called from the project's server (src/server/in-process.ts), without Next.js's
   * routing around them; `off`: Next.js routes them like every other request.
   */
  IN_PROCESS_ROUTES: z.enum(['on', 'off']).default('on'),
  /**
   * `on`: the site's pages go out without Next.js's client runtime (src/server/next-runtime.ts);
   * `off`: as Next.js renders them, scripts and all.
   */
  NEXT_RUNTIME_REMOVAL: z.enum(['on', 'off']).default('on'),
  /**
   * `on`: Next.js is handed the configuration its build resolved (src/server/built-config.ts);
   * `off`: it loads next.config.ts again at start (needs a checkout, not the standalone image).
   */
  BUILT_CONFIG: z.enum(['on', 'off']).default('on'),
  /** Its bound, in megabytes; least recently used responses go first. */
  RESPONSE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /**
   * The largest response kept in memory, in kilobytes; by default a quarter of the bound, at most
   * 8 MB. Larger ones go to disk (below).
   */
  RESPONSE_CACHE_ENTRY_MAX_KB: z.coerce.number().int().min(1).max(65_536).optional(),
  /**
   * How many megabytes of responses too large for an in-memory entry (the whole-site files of a
   * large site) the cache keeps on disk, in the system's temporary directory; 0 keeps none.
   */
  RESPONSE_CACHE_DISK_MB: z.coerce.number().int().min(0).max(65_536).default(512),
  /** Optional: a CDN's purge-everything endpoint, POSTed when published content changes. */
  CDN_PURGE_URL: optionalUrl,
  /** Bearer token for CDN_PURGE_URL. */
  CDN_PURGE_TOKEN: z.string().min(1).optional(),
  /**
   * Which shared cache a publish purges of exactly what it changed, by the surrogate keys every
   * cacheable response carries (src/cache/targeted-purge.ts): `varnish` (VARNISH_PURGE_URLS),
   * `cloudflare` (CLOUDFLARE_ZONE_ID, CLOUDFLARE_API_TOKEN), `fastly` (FASTLY_SERVICE_ID,
   * FASTLY_API_TOKEN), or `everything` (CDN_PURGE_URL alone, also what unset means). CDN_PURGE_URL
   * is the fallback when a targeted purge fails.
   */
  CDN_PURGE_KIND: z.preprocess(blankAsUnset, z.enum(CDN_PURGE_KINDS).optional()),
  /** Comma-separated: each Varnish a publish sends `PURGE` to (http://varnish:80 in compose). */
  VARNISH_PURGE_URLS: z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .refine((value) => !value || value.split(',').every((url) => isHttpUrl(url.trim())), {
        message: 'must be comma-separated http:// or https:// URLs',
      }),
  ),
  CLOUDFLARE_ZONE_ID: z.preprocess(blankAsUnset, z.string().min(1).optional()),
  /** An API token allowed to purge the zone's cache. */
  CLOUDFLARE_API_TOKEN: z.preprocess(blankAsUnset, z.string().min(1).optional()),
  FASTLY_SERVICE_ID: z.preprocess(blankAsUnset, z.string().min(1).optional()),
  /** A Fastly API token with the purge_select scope (sent as Fastly-Key). */
  FASTLY_API_TOKEN: z.preprocess(blankAsUnset, z.string().min(1).optional()),
  /** The request line and headers must arrive within this (src/server/limits.ts). */
  SERVER_HEADERS_TIMEOUT_MS: milliseconds.default(CONNECTION_LIMITS.headersTimeoutMs),
  /** The whole request, an upload's body included, must arrive within this. */
  SERVER_REQUEST_TIMEOUT_MS: milliseconds.default(CONNECTION_LIMITS.requestTimeoutMs),
  /** Idle keep-alive connections are closed after this; above a load balancer's idle timeout. */
  SERVER_KEEP_ALIVE_TIMEOUT_MS: milliseconds.default(CONNECTION_LIMITS.keepAliveTimeoutMs),
  /** Connections held at once; keep it under the process's open-file limit (`ulimit -n`). */
  SERVER_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(CONNECTION_LIMITS.maxConnections),
  /** The site's pages rendered at once (src/server/page-renders.ts); default four per core. */
  PAGE_RENDERS_MAX: z.coerce.number().int().min(1).max(1024).default(defaultPageRenders),
  /**
   * `on`: each request to a public surface is counted by day, channel, surface and path in
   * PostgreSQL (src/audience/: no address, user agent or cookie kept); `off`: nothing is counted.
   */
  AUDIENCE_COUNTING: z.enum(['on', 'off']).default('on'),
  /** How often each instance writes what it counted; a crash loses at most this much. */
  AUDIENCE_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Days of counts kept; older days are deleted. */
  AUDIENCE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_660).default(400),
  /** Days the audit log keeps an entry (src/audit/: sign-ins with client addresses included). */
  AUDIT_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_660).default(365),
  /**
   * More agents to recognise by their User-Agent token, or another channel for a known one:
   * `Name=channel,...` (channels: search-crawler, ai-crawler, ai-assistant, other-bot).
   */
  AUDIENCE_EXTRA_AGENTS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const parsed = parseExtraAgents(value)
      if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem })
    }),
  /**
   * Optional: `GET /metrics` (Prometheus) on the site's port for `Authorization: Bearer <token>`,
   * and the token asked for on METRICS_PORT too. Production holds it to PAYLOAD_SECRET's rules.
   */
  METRICS_TOKEN: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(BEARER_TOKEN, { error: 'must be a bearer token: letters, digits and -._~+/ only' })
      .superRefine((token, ctx) => {
        const weakness = strict ? secretWeakness(token) : null
        if (weakness) ctx.addIssue({ code: 'custom', message: weakness })
      })
      .optional(),
  ),
  /** Optional: /metrics on a port of its own (on HOST), for a scraper on a private network. */
  METRICS_PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
  /**
   * Webhook receivers (src/webhooks/) allowed over plain http and on loopback, link-local or
   * private addresses: comma-separated host names or IP addresses, as written in the URL. For
   * development and tests; production receivers are public https hosts.
   */
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .optional()
    .refine((value) => !value || value.split(',').every((host) => WEBHOOK_HOST.test(host.trim())), {
      message: 'must be comma-separated host names or IP addresses (no scheme or path)',
    }),
  /** How long a receiver has to answer a webhook, at most 10 s (lower only for tests). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(10_000),
  /** First retry delay of a failed webhook; later ones double (with jitter) up to the next. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(100).default(30_000),
  /** The longest delay between two attempts of a webhook (default 4 h). */
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(100).default(WEBHOOK_RETRY_MAX_DEFAULT_MS),
  /** How often each instance looks for webhooks due for delivery. */
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(2_000),
  /** How long an attempt holds a delivery before another instance may take it over. */
  WEBHOOK_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** Failed attempts in a row after which an endpoint is disabled (admins are told). */
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).default(50),
  /** After a secret rotation, how long webhooks are signed with the previous secret too. */
  WEBHOOK_SECRET_OVERLAP_MS: z.coerce.number().int().min(1_000).default(WEBHOOK_OVERLAP_DEFAULT_MS),
})

// Node refuses a headers timeout longer than the request timeout it is part of.
const settings = schema
  .refine((values) => values.SERVER_HEADERS_TIMEOUT_MS <= values.SERVER_REQUEST_TIMEOUT_MS, {
    path: ['SERVER_HEADERS_TIMEOUT_MS'],
    message: 'must not exceed SERVER_REQUEST_TIMEOUT_MS',
  })
  // A purge kind without where to send it would purge nothing, silently.
  .superRefine((values, ctx) => {
    const kind = values.CDN_PURGE_KIND
    if (kind === undefined) return
    for (const name of CDN_PURGE_NEEDS[kind])
      if (values[name as keyof typeof values] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `required with CDN_PURGE_KIND=${kind}`,
        })
  })
  // The metrics' port is a listener of its own: it cannot be the site's.
  .refine((values) => values.METRICS_PORT !== values.PORT, {
    path: ['METRICS_PORT'],
    message: 'must differ from PORT',
  })

const checkedSettings = settings
  // An attempt still running when its lease ends would be taken over and sent twice at once.
  .refine((values) => values.WEBHOOK_LEASE_MS > values.WEBHOOK_TIMEOUT_MS, {
    path: ['WEBHOOK_LEASE_MS'],
    message: 'must exceed WEBHOOK_TIMEOUT_MS',
  })
  .refine((values) => values.WEBHOOK_RETRY_MAX_MS >= values.WEBHOOK_RETRY_BASE_MS, {
    path: ['WEBHOOK_RETRY_MAX_MS'],
    message: 'must not be below WEBHOOK_RETRY_BASE_MS',
  })

function readEnv() {
  const parsed = checkedSettings.safeParse(process.env)
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n')
    throw new Error(`Invalid environment settings:\n${problems}\nSee .env.example.`)
  }
  const values = parsed.data
  const bypassing = values.FRAMEWORK_BYPASSES === 'on'
  return {
    ...values,
    /** Which optimisations beneath the frameworks are on (FRAMEWORK_BYPASSES and each switch). */
    bypasses: {
      preparedStatements: bypassing && values.DATABASE_PREPARED_STATEMENTS === 'on',
      sqlPublishedReads: bypassing && values.PUBLISHED_READS === 'sql',
      responseCache: bypassing && values.RESPONSE_CACHE === 'on',
      inProcessRoutes: bypassing && values.IN_PROCESS_ROUTES === 'on',
      nextRuntimeRemoval: bypassing && values.NEXT_RUNTIME_REMOVAL === 'on',
      builtConfig: bypassing && values.BUILT_CONFIG === 'on',
    },
    // The site's own origin: canonical URLs, CSRF and same-origin checks all use this one value.
    MEDIA_DIR: path.resolve(values.MEDIA_DIR),
    trustedProxies: parseTrustedProxies(values.TRUSTED_PROXIES),
    readReplicas: (values.DATABASE_READ_REPLICAS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    varnishPurgeUrls: (values.VARNISH_PURGE_URLS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    SITE_URL: (values.SITE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    mailTransport: values.MAIL_TRANSPORT ?? (values.SMTP_URL ? 'smtp' : 'files'),
    /** WEBHOOK_ALLOWED_HOSTS, lower-cased, IPv6 without brackets. */
    webhookAllowedHosts: new Set(
      (values.WEBHOOK_ALLOWED_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase().replace(IPV6_BRACKETS, '$1'))
        .filter(Boolean),
    ),
  }
}

export const env = readEnv()
export type Env = typeof env
