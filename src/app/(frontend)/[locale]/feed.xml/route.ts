// GET /{locale}/feed.xml – RSS 2.0 feed of the published posts in one locale, full content
import { refuseOtherMethods } from '@/http/methods'
import { feedRoute } from '@/site/feed-route'

export const dynamic = 'force-dynamic'

export const GET = feedRoute('posts')
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
