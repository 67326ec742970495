// GET /api/categories/{id} – one category; writes go to Payload for signed-in editors
import { documentRoute, writeRoute } from '@/content/routes'
import { refuseOtherMethods } from '@/http/methods'

export const GET = documentRoute('categories')
export const PATCH = writeRoute()
export const DELETE = writeRoute()
export const { POST, PUT } = refuseOtherMethods('GET', 'PATCH', 'DELETE')
