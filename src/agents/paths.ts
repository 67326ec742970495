/** Where the resources for agents live (paths; absolute URLs are `${env.SITE_URL}${path}`). */
export const AGENT_PATHS = {
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  openapi: '/openapi.json',
  mcp: '/api/mcp',
  schemaFeed: '/feeds/schema.jsonl',
  skillsIndex: '/.well-known/agent-skills/index.json',
  skill: (name: string) => `/.well-known/agent-skills/${name}/SKILL.md`,
} as const

/** The skill that tells agents how to contact the team (see `skills.ts`). */
export const CONTACT_SKILL = 'contact-team'
