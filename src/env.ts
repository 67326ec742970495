import path from 'node:path'

import { z } from 'zod'

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

/** A duration of at least a second (shorter server timeouts would cut ordinary clients). */
const milliseconds = z.coerce.number().int().min(1_000).max(3_600_000)

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
})

// Node refuses a headers timeout longer than the request timeout it is part of.
const settings = schema.refine(
  (values) => values.SERVER_HEADERS_TIMEOUT_MS <= values.SERVER_REQUEST_TIMEOUT_MS,
  { path: ['SERVER_HEADERS_TIMEOUT_MS'], message: 'must not exceed SERVER_REQUEST_TIMEOUT_MS' },
)

function readEnv() {
  const parsed = settings.safeParse(process.env)
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
    SITE_URL: (values.SITE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    mailTransport: values.MAIL_TRANSPORT ?? (values.SMTP_URL ? 'smtp' : 'files'),
  }
}

export const env = readEnv()
export type Env = typeof env
