import { env } from '@/env'
import type { Locale } from '@/i18n/locales'
import type { SiteSettings } from '@/globals/defaults'

import { organizationNode } from './json-ld'
import { paths } from './routes'
import type { SiteService } from './services'

/**
 * A service's page as a schema.org `Service`, provided by the firm (its node carried along, as
 * every block that names it does), in the page's language. The page's block and the service's
 * line of `/feeds/schema.jsonl` (src/agents/schema-feed.ts) are this one object.
 */
export function serviceJsonLd(
  locale: Locale,
  service: Pick<SiteService, 'key' | 'title' | 'summary'>,
  settings: SiteSettings,
  siteUrl: string = env.SITE_URL,
) {
  const url = `${siteUrl}${paths.service(locale, service.key)}`
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${url}#service`,
    name: service.title,
    serviceType: service.title,
    description: service.summary,
    url,
    inLanguage: locale,
    provider: organizationNode(siteUrl, locale, settings),
  }
}
