import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { s3Storage } from '@payloadcms/storage-s3'
import { redirectsPlugin } from '@payloadcms/plugin-redirects'
import { seoPlugin } from '@payloadcms/plugin-seo'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { en } from '@payloadcms/translations/languages/en'
import { es } from '@payloadcms/translations/languages/es'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { PAYLOAD_LOG_OPTIONS } from '@/lib/logger'
import { pgPreparingStatements } from '@/lib/prepared-statements'
import { withProjectAnswers } from '@/lib/payload-answers'
import { auditLogPlugin } from '@/audit/plugin'
import { contentLanguagePlugin } from '@/content-language/plugin'
import { draftRestorePlugin } from '@/versions/plugin'
import { storageInternals } from '@/media/storage-internals'
import { s3Settings } from '@/media/s3'
import { pgTracingQueries } from '@/observability/traced-pg'
import { redirectsPluginConfig } from '@/redirects/collection'
import { publicSeoGroup, seoPluginConfig } from '@/fields/seo'

import { AUDIENCE_VIEW_PATH } from '@/audience/dashboard'
import { CaseStudies } from '@/collections/CaseStudies'
import { ClientLogos } from '@/collections/ClientLogos'
import { Categories } from '@/collections/Categories'
import { Inquiries } from '@/collections/Inquiries'
import { inquiryExport } from '@/collections/inquiry-export'
import { Media } from '@/collections/Media'
import { Posts } from '@/collections/Posts'
import { Services } from '@/collections/Services'
import { TeamMembers } from '@/collections/TeamMembers'
import { Testimonials } from '@/collections/Testimonials'
import { Users } from '@/collections/Users'
import { SecuritySettingsGlobal } from '@/two-factor/settings'
import { TwoFactorCredentials } from '@/two-factor/credentials'
import { env } from '@/env'
import { SETTINGS_GLOBALS, SETTINGS_PREVIEW_PATH } from '@/globals'
import { outboxEmailAdapter } from '@/inquiries/mail-outbox'
import { SITE } from '@/site/config'
import { SCHEDULE_SETTINGS } from '@/scheduling/settings'
import { WebhookEndpoints } from '@/webhooks/collection'
import { DEFAULT_LOCALE, isLocale, LOCALES } from '@/i18n/locales'
import { ADMIN_DATE_FORMAT, ADMIN_LOCALE_LABELS } from '@/i18n/admin-text'
import { paths } from '@/site/routes'
import { keepAdminFieldLabelsPerLanguage } from '@/i18n/admin-field-labels'
import { ACCOUNT_PAGES } from '@/collections/Users/account-mail'
import { QUERY_LIMITS } from '@/content/contract'
import { MAX_UPLOAD_REQUEST_BYTES, MEDIA_LIMITS, TOO_LARGE_MESSAGE } from '@/media/limits'

const dirname = path.dirname(fileURLToPath(import.meta.url))

const s3 = s3Settings()

/** The `pg` module Payload's adapter is given, when not plain `pg`. */
function pgOption(): { pg?: typeof pgPreparingStatements } {
  const preparing = env.bypasses.preparedStatements ? pgPreparingStatements : undefined
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) return { pg: pgTracingQueries(preparing) }
  return preparing ? { pg: preparing } : {}
}

// Payload's development-time check that every @payloadcms package has payload's exact version
// would stop every dev start: @payloadcms/storage-s3 (and its plugin-cloud-storage) and
// @payloadcms/plugin-redirects and @payloadcms/plugin-seo have no 3.90.2 release, so they stay at 3.90.1 with their peers
// overridden to ours (package.json `overrides`).
process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER ??= 'true'

// Payload caches the admin's translated field labels per collection, not per language: without
// this, one editor's language reaches every other editor (src/i18n/admin-field-labels.ts).
keepAdminFieldLabelsPerLanguage()

// Payload's own REST answers get the project's error shape and status rules (src/lib/payload-answers.ts).
export default buildConfig({
  secret: env.PAYLOAD_SECRET,
  serverURL: env.SITE_URL,
  // Cookie-authenticated writes are accepted only from our own origin.
  csrf: [env.SITE_URL],
  admin: {
    user: Users.slug,
    importMap: { baseDir: dirname },
    // Dates in each admin language's own order and words ("28 nov 2026, 15:04" in Spanish, not
    // "noviembre 28º 2026"): a date-fns localized format token, rendered per language.
    dateFormat: ADMIN_DATE_FORMAT,
    // No external avatar service: the admin must not depend on (or leak editors' addresses to)
    // Gravatar, which this server may not even reach.
    avatar: 'default',
    meta: {
      titleSuffix: ` – ${SITE.name}`,
      // The site's own icon: Next.js serves the SVG one under a hashed name, the ICO one as is.
      icons: [{ rel: 'icon', type: 'image/x-icon', url: '/favicon.ico' }],
    },
    components: {
      graphics: {
        Logo: '/src/components/admin/Logo#Logo',
        Icon: '/src/components/admin/Icon#Icon',
      },
      // What to do: write, your drafts, recently published, scheduled (late or failed ones
      // flagged), new inquiries and failed mail, by role and in the editor's language.
      beforeDashboard: [
        '/src/components/admin/EditorDashboard#EditorDashboard',
        // Webhook endpoints disabled after repeated failures (admins only).
        '/src/components/admin/WebhookDisabledNotice#WebhookDisabledNotice',
      ],
      // The way to the Audience view (editors and admins), a link of its own.
      afterDashboard: ['/src/components/admin/AudienceLink#AudienceLink'],
      // While the admins require two-factor sign-in, an account without it is sent to set it up.
      header: ['/src/components/admin/TwoFactorEnrolmentGate#TwoFactorEnrolmentGate'],
      views: {
        // The sign-in page, with a second step for an account's two-factor code (src/two-factor/).
        login: { Component: '/src/components/admin/TwoFactorLoginView#TwoFactorLoginView' },
        // Who reads the site: charts of the audience counts (src/audience/dashboard.ts).
        audience: {
          Component: '/src/components/admin/AudienceView#AudienceView',
          path: AUDIENCE_VIEW_PATH,
          exact: true,
        },
        // The pages a mailed link opens, `{path}/{token}`: an invitation's welcome, a reset
        // (src/collections/Users/account-mail.ts). Payload serves a custom view to visitors who
        // are not signed in only when its path has no parameters: the token is the segment after.
        accountInvitation: {
          Component: '/src/components/admin/InvitationView#InvitationView',
          path: ACCOUNT_PAGES.invitation,
          meta: { title: 'Invitation · Invitación' },
        },
        accountPasswordReset: {
          Component: '/src/components/admin/ResetPasswordView#ResetPasswordView',
          path: ACCOUNT_PAGES.reset,
          meta: { title: 'Password · Contraseña' },
        },
      },
    },
    // Live preview shows the page in draft mode; /api/preview admits signed-in editors only.
    livePreview: {
      collections: ['posts', 'case-studies', 'services'],
      globals: SETTINGS_GLOBALS.map((global) => global.slug),
      url: ({ data, collectionConfig, globalConfig, locale }) => {
        const code = locale?.code ?? DEFAULT_LOCALE
        if (globalConfig) {
          const path = SETTINGS_PREVIEW_PATH[globalConfig.slug]?.(code) ?? `/${code}`
          return `${env.SITE_URL}/api/preview?path=${encodeURIComponent(path)}`
        }
        const path =
          collectionConfig?.slug === 'services'
            ? paths.service(isLocale(code) ? code : DEFAULT_LOCALE, data?.key ?? '')
            : `/${code}/${collectionConfig?.slug === 'posts' ? 'blog' : 'case-studies'}/${data?.slug ?? ''}`
        return `${env.SITE_URL}/api/preview?path=${encodeURIComponent(path)}`
      },
    },
  },
  collections: [
    Posts,
    CaseStudies,
    Services,
    Categories,
    Media,
    Inquiries,
    Users,
    // Each account's two-factor secret and codes, read by no API (src/two-factor/credentials.ts).
    TwoFactorCredentials,
    WebhookEndpoints,
    // People and proof: the About page's team (authors of documents), testimonials, client logos.
    TeamMembers,
    Testimonials,
    ClientLogos,
  ],
  // The admin's own interface in the site's languages; each editor picks theirs in the account
  // page, and the browser's language decides until they do.
  i18n: {
    supportedLanguages: { en, es },
    fallbackLanguage: 'en',
  },
  // The admins' security settings are no site content: no drafts, no webhooks, no preview.
  globals: [...SETTINGS_GLOBALS, SecuritySettingsGlobal],
  editor: lexicalEditor(),
  localization: {
    // Named in the editor's admin language ("Español" / "Inglés" in a Spanish admin).
    locales: LOCALES.map((code) => ({ code, label: ADMIN_LOCALE_LABELS[code] })),
    defaultLocale: DEFAULT_LOCALE,
    fallback: true,
  },
  db: postgresAdapter({
    pool: { connectionString: env.DATABASE_URL },
    // Repeated statements are parsed and planned once per connection (src/lib/prepared-statements.ts);
    // with traces on, each query is a span of the request it serves (src/observability/traced-pg.ts).
    ...pgOption(),
    // Schema changes only through committed migrations (applied by `npm start`, `npm run dev`
    // and the tests, under a lock): no interactive "this database was pushed" prompts, and CI
    // runs exactly what production runs.
    push: false,
    migrationDir: path.resolve(dirname, 'migrations'),
    // Reads may go to replicas (DATABASE_READ_REPLICAS); writes and transactions use the primary.
    ...(env.readReplicas.length > 0 ? { readReplicas: env.readReplicas } : {}),
  }),
  logger: { options: PAYLOAD_LOG_OPTIONS },
  // Account mail (password resets, invitations) is stored in the mail outbox and sent from there
  // the way inquiries are (SMTP_URL, or .eml files under .data/mail/): a mail server that is down
  // never fails or slows the request that asked for it (src/inquiries/mail-outbox.ts).
  email: outboxEmailAdapter({ fromAddress: env.MAIL_FROM, fromName: SITE.name }),
  // With S3_BUCKET, media files go to object storage instead of MEDIA_DIR; the file server
  // (src/media/serve-file.ts) reads them from there with the same ranges, validators and embargo.
  // The plugin is always registered (disabled without S3) so that the schema, and therefore the
  // migrations, are the same with or without object storage.
  plugins: [
    inquiryExport,
    s3Storage({
      enabled: s3 !== null,
      alwaysInsertFields: true,
      bucket: s3?.bucket ?? '',
      config: s3?.client ?? {},
      collections: { media: true },
    }),
    // Old paths that answer 301 (src/redirects/): kept by renames, editable in the admin.
    redirectsPlugin(redirectsPluginConfig),
    // The SEO fields of posts and case studies: preview, length indicators, generate buttons.
    seoPlugin(seoPluginConfig),
    // Its group of fields is public, as the fields in it say (src/fields/public.ts).
    publicSeoGroup,
    // After the storage plugin: its bookkeeping fields are read by signed-in users only, and are
    // no list columns for editors.
    storageInternals,
    // Restoring a version makes a draft, never a publication (src/versions/).
    draftRestorePlugin,
    // The content language on every edit view, and each language's status (src/content-language/).
    contentLanguagePlugin,
    // Last: the audit log (src/audit/) hooks into collections the plugins above made, too.
    auditLogPlugin,
  ],
  defaultDepth: QUERY_LIMITS.depthDefault,
  maxDepth: QUERY_LIMITS.depthMax,
  jobs: {
    // Scheduled publishing runs from the queue; every web instance polls it every few seconds
    // (croner's six-field cron), so a document is live seconds after its time (src/scheduling/).
    autoRun: [
      { cron: SCHEDULE_SETTINGS.runCron, queue: 'default', limit: SCHEDULE_SETTINGS.runLimit },
    ],
  },
  graphQL: {
    disablePlaygroundInProduction: true,
  },
  sharp,
  // Multipart uploads: a file over the media limit is refused while it streams in (413), and
  // files go to a temporary file instead of memory, so a 200 MB video costs no 200 MB of RAM.
  upload: {
    limits: { fileSize: MEDIA_LIMITS.maxFileSize },
    requestSizeLimit: MAX_UPLOAD_REQUEST_BYTES,
    responseOnLimit: TOO_LARGE_MESSAGE,
    useTempFiles: true,
    tempFileDir: path.join(os.tmpdir(), 'payload-uploads'),
  },
  telemetry: false,
  typescript: {
    outputFile: path.resolve(dirname, 'src/payload-types.ts'),
  },
}).then(withProjectAnswers)
