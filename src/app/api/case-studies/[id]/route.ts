// GET /api/case-studies/{id} – one published document; writes go to Payload for signed-in editors
import { documentRoute, writeRoute } from '@/content/routes'

export const GET = documentRoute('case-studies')
export const PATCH = writeRoute()
export const DELETE = writeRoute()
