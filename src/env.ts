import path from 'node:path'

import { z } from 'zod'

import { parseTrustedProxies } from '@/http/client-address'

/**
 * Settings, read and validated once. Everything else imports `env` from here, so a setting is
 * never derived twice with two fallbacks.
 *
 * In production every required setting must be present and valid, or the process fails at start
 * with a message naming the setting. In development and tests, safe local defaults apply. While
 * `next build` runs (no secrets are needed to compile), the production checks are relaxed.
 */

const DEV_SECRET = 'dev-only-secret-do-not-use-in-production-000000'

const isProduction = process.env.NODE_ENV === 'production'
const isBuildPhase = process.env.NEXT_PHASE === 'phase-production-build'
const strict = isProduction && !isBuildPhase

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional())

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Interface the server listens on; default: every interface. */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: strict
    ? z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    : z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/postgres'),
  PAYLOAD_SECRET: strict
    ? z.string().min(32, 'must be at least 32 characters')
    : z.string().min(1).default(DEV_SECRET),
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
  SMTP_URL: optionalUrl,
  INQUIRY_TO: z.email().default('team@example.com'),
  /** First retry delay of a failed mail delivery; later ones double, up to an hour. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(100).default(30_000),
  /** How long a delivery attempt may hold an inquiry before another instance may retry it. */
  MAIL_LEASE_MS: z.coerce.number().int().min(1_000).default(120_000),
  /** How often each instance looks for inquiries due for delivery. */
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  MAIL_FROM: z.email().default('website@example.com'),
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
  /** Optional S3-compatible object storage for media (local disk, MEDIA_DIR, otherwise). */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** For S3-compatible services (MinIO, R2, …); unset for AWS. */
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path rather than the host name (most S3-compatible services want this). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /** The in-memory response cache of published reads: on, or off (to measure cache misses). */
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  /** Its bound, in megabytes; least recently used responses go first. */
  RESPONSE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Optional: a CDN's purge-everything endpoint, POSTed when published content changes. */
  CDN_PURGE_URL: optionalUrl,
  /** Bearer token for CDN_PURGE_URL. */
  CDN_PURGE_TOKEN: z.string().min(1).optional(),
})

function readEnv() {
  const parsed = schema.safeParse(process.env)
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n')
    throw new Error(`Invalid environment settings:\n${problems}\nSee .env.example.`)
  }
  const values = parsed.data
  return {
    ...values,
    // The site's own origin: canonical URLs, CSRF and same-origin checks all use this one value.
    MEDIA_DIR: path.resolve(values.MEDIA_DIR),
    trustedProxies: parseTrustedProxies(values.TRUSTED_PROXIES),
    readReplicas: (values.DATABASE_READ_REPLICAS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    SITE_URL: (values.SITE_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
  }
}

export const env = readEnv()
export type Env = typeof env
