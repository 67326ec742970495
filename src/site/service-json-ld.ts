import { env } from '@/env'
import type { Locale } from '@/i18n/locales'
import type { SiteSettings } from '@/globals/defaults'

import { organizationNode } from './json-ld'
import { paths } from './routes'
import type { SiteService } from './services'

/**
 * A service's page as a schema.org `Service`, provided by the firm (its node carried along, as
 * every block that names it does), in the page's language.
 */
export function serviceJsonLd(locale: Locale, service: SiteService, settings: SiteSettings) {
  const siteUrl = env.SITE_URL
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
