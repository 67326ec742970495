// GET /api/case-studies – published case-studies (paginated); writes go to Payload for signed-in editors
import { listRoute, writeRoute } from '@/content/routes'
import { refuseOtherMethods } from '@/http/methods'

export const GET = listRoute('case-studies')
export const POST = writeRoute()

export const { PUT, PATCH, DELETE } = refuseOtherMethods('GET', 'POST')
