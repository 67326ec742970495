/** Where the resources for agents live (paths; absolute URLs are `${env.SITE_URL}${path}`). */
export const AGENT_PATHS = {
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  openapi: '/openapi.json',
  /** The API reference page, rendered from the OpenAPI document, and its markdown twin. */
  apiReference: '/docs/api',
  apiReferenceTwin: '/docs/api.md',
  mcp: '/api/mcp',
  /** Where an inquiry is sent (`POST`; src/app/api/inquiries/route.ts). */
  inquiries: '/api/inquiries',
  mcpServerCard: '/.well-known/mcp/server-card.json',
  schemaFeed: '/feeds/schema.jsonl',
  skillsIndex: '/.well-known/agent-skills/index.json',
  skill: (name: string) => `/.well-known/agent-skills/${name}/SKILL.md`,
} as const

/** The MCP tool that sends an inquiry (src/mcp/server.ts; the contact page names it too). */
export const SEND_INQUIRY_TOOL = 'send_inquiry'

/** The skill that tells agents how to contact the team (see `skills.ts`). */
export const CONTACT_SKILL = 'contact-team'

/** The media type of the schema.org feed (JSON Lines). */
export const SCHEMA_FEED_CONTENT_TYPE = 'application/jsonl'
