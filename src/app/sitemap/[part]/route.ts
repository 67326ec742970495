// GET /sitemap/{n}.xml – one file of the sitemap index
import { refuseOtherMethods } from '@/http/methods'
import { sitemapPartRoute } from '@/site/sitemap-route'

export const dynamic = 'force-dynamic'

export const GET = sitemapPartRoute()
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
