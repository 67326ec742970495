// GET /api/posts/{id} – one published document; writes go to Payload for signed-in editors
import { documentRoute, writeRoute } from '@/content/routes'
import { refuseOtherMethods } from '@/http/methods'

export const GET = documentRoute('posts')
export const PATCH = writeRoute()
export const DELETE = writeRoute()

export const { POST, PUT } = refuseOtherMethods('GET', 'PATCH', 'DELETE')
