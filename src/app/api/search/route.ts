// GET /api/search – full-text search over published posts and case studies (src/search/)
import { refuseOtherMethods } from '@/http/methods'
import { searchRoute } from '@/search/routes'

export const dynamic = 'force-dynamic'

export const GET = searchRoute()

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
