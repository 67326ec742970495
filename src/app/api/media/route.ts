// GET /api/media – Payload's media list (embargo applied); POST uploads, signed-in editors only
import { mediaReadRoute, mediaWriteRoute } from '@/media/routes'
import { refuseOtherMethods } from '@/http/methods'

export const GET = mediaReadRoute()
export const POST = mediaWriteRoute()

export const { PUT, PATCH, DELETE } = refuseOtherMethods('GET', 'POST')
