// GET /{locale}/case-studies/feed.xml – RSS 2.0 feed of the published case studies in one locale
import { refuseOtherMethods } from '@/http/methods'
import { feedRoute } from '@/site/feed-route'

export const dynamic = 'force-dynamic'

export const GET = feedRoute('case-studies')
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
