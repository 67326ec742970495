// GET /api/media/{id} – one media record (embargo applied); PATCH and DELETE for editors only
import { mediaReadRoute, mediaWriteRoute } from '@/media/routes'
import { refuseOtherMethods } from '@/http/methods'

export const GET = mediaReadRoute()
export const PATCH = mediaWriteRoute()
export const DELETE = mediaWriteRoute()

export const { POST, PUT } = refuseOtherMethods('GET', 'PATCH', 'DELETE')
