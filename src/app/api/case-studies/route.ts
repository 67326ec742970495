// GET /api/case-studies – published case-studies (paginated); writes go to Payload for signed-in editors
import { listRoute, writeRoute } from '@/content/routes'

export const GET = listRoute('case-studies')
export const POST = writeRoute()
