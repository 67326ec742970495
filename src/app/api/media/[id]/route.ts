// GET /api/media/{id} – one media record (embargo applied); PATCH and DELETE for editors only
import { mediaReadRoute, mediaWriteRoute } from '@/media/routes'

export const GET = mediaReadRoute()
export const PATCH = mediaWriteRoute()
export const DELETE = mediaWriteRoute()
