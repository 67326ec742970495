// GET /sitemap.xml – every published page in both locales (hreflang alternates, lastmod), or
// the index of the sitemap files when the site outgrows one
import { refuseOtherMethods } from '@/http/methods'
import { sitemapRoute } from '@/site/sitemap-route'

export const dynamic = 'force-dynamic'

export const GET = sitemapRoute()
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
