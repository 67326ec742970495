import { schemamapLine } from '@/agents/schema-feed'

import { absoluteUrl } from './metadata'

/** The admin and the API's private parts are not for crawlers; everything public is. */
export function robotsTxt(): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Allow: /api/posts',
    'Allow: /api/case-studies',
    'Allow: /api/media/file/',
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    schemamapLine(),
    '',
  ].join('\n')
}
