// GET /api/media – Payload's media list (embargo applied); POST uploads, signed-in editors only
import { mediaReadRoute, mediaWriteRoute } from '@/media/routes'

export const GET = mediaReadRoute()
export const POST = mediaWriteRoute()
