// GET /api/posts – published posts (paginated); writes go to Payload for signed-in editors
import { listRoute, writeRoute } from '@/content/routes'

export const GET = listRoute('posts')
export const POST = writeRoute()
