import { spawnSync } from 'node:child_process'
import path from 'node:path'

/**
 * Validation of sitemap XML against the sitemaps.org schemas with xmllint (Debian's
 * libxml2-utils, which `.ci/run` installs), the validator most sitemap tools wrap. The schemas
 * are vendored in tests/fixtures/sitemaps (see its README for where each comes from).
 */

const SCHEMAS = path.join(import.meta.dirname, '../fixtures/sitemaps')

/** Which schema a document is checked against: a `<urlset>` or a `<sitemapindex>`. */
export const SITEMAP_SCHEMAS = {
  /** sitemap.xsd, with `xhtml:link` declared so that its strict wildcards can check the alternates. */
  urlset: path.join(SCHEMAS, 'sitemap-with-xhtml.xsd'),
  index: path.join(SCHEMAS, 'siteindex.xsd'),
} as const

export interface SchemaVerdict {
  valid: boolean
  /** What xmllint said: each validity error with its line, or `- validates`. */
  report: string
}

/** Validates `xml` against one of the sitemap schemas, reading nothing from the network. */
export function validateSitemap(xml: string, schema: keyof typeof SITEMAP_SCHEMAS): SchemaVerdict {
  const result = spawnSync(
    'xmllint',
    ['--noout', '--nonet', '--schema', SITEMAP_SCHEMAS[schema], '-'],
    { input: xml, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  if (result.error) {
    throw new Error(
      `xmllint could not run (${result.error.message}); install libxml2-utils to validate sitemaps`,
    )
  }
  return { valid: result.status === 0, report: `${result.stderr}`.trim() }
}
