// GET /markdown-twin/{page} – the markdown twin of a site page (the project's server rewrites P.md here)
import { refuseOtherMethods } from '@/http/methods'
import { markdownTwinRoute } from '@/markdown/twin'

export const dynamic = 'force-dynamic'

export const GET = markdownTwinRoute()
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
