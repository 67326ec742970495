// GET /.well-known/agent-skills/{skill}/SKILL.md – one agent skill, the bytes the index digests
import { refuseOtherMethods } from '@/http/methods'
import { skillRoute } from '@/agents/resources'

export const dynamic = 'force-dynamic'

export const GET = skillRoute()
export const HEAD = GET

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
