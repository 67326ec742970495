// GET /.well-known/agent-skills/index.json – Agent Skills Discovery index (RFC v0.2.0)
import { refuseOtherMethods } from '@/http/methods'
import { loadSkillsIndex, resourceRoute } from '@/agents/resources'

export const dynamic = 'force-dynamic'

export const GET = resourceRoute(loadSkillsIndex)
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
