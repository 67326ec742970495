import { SITE } from '@/site/config'
import {
  GET_DOCUMENT_TOOL,
  LIST_DOCUMENTS_TOOL,
  SEARCH_CONTENT_TOOL,
  SEND_INQUIRY_TOOL,
} from '@/mcp/tool-definitions'
import { AGENT_PATHS } from '@/site/agent-paths'
import { paths } from '@/site/routes'
import { absoluteUrl } from '@/site/view'

import { postEndpoint } from '../skills'

import { errorCodesUsedBy, errorSchemas, sharedHeaders } from './components'
import { categorySchemas, contentParameters, contentPaths, contentSchemas } from './content'
import { inquiryPaths, inquirySchemas } from './inquiries'
import { mediaHeaders, mediaParameters, mediaPaths, mediaSchemas } from './media'
import { searchPaths, searchSchemas } from './search'

export { categorySchema, documentSchema } from './content'
export { errorSchemaName } from './components'

/**
 * `/openapi.json`: the public interface (docs/api.md) as OpenAPI 3.1.0, generated from the
 * code's own contracts — the public fields (`src/content/contract.ts`), the query parameter
 * schemas that parse requests (`src/content/query-schema.ts`), the inquiry zod schema, the body
 * limit and budgets, and the error code table — so it cannot drift from what the server does.
 * Only public operations appear; nothing private (GraphQL, users, admin, writes for editors) is
 * described. One module per resource: content, media, inquiries; shared pieces in components.
 */

export const OPENAPI_VERSION = '3.1.0'
export const API_VERSION = '1.0.0'

/** Where agents find the rest: twins, llms.txt, the schema.org feed, skills and MCP. */
function agentResources(siteUrl: string): string {
  return `For agents: every page also has a markdown twin (append \`.md\`), an index at ${absoluteUrl(siteUrl, AGENT_PATHS.llms)}, a schema.org feed at ${absoluteUrl(siteUrl, AGENT_PATHS.schemaFeed)}, agent skills at ${absoluteUrl(siteUrl, AGENT_PATHS.skillsIndex)}, and an MCP server, ${postEndpoint(siteUrl, AGENT_PATHS.mcp)}, whose tools read published content (${[SEARCH_CONTENT_TOOL, LIST_DOCUMENTS_TOOL, GET_DOCUMENT_TOOL].map((tool) => `\`${tool}\``).join(', ')}) and send an inquiry (\`${SEND_INQUIRY_TOOL}\` is \`createInquiry\`).`
}

/**
 * The terms the API and its content are offered under. The site publishes no terms of use and no
 * open license: its content is the firm's, all rights reserved (the footer's ©), offered to be
 * read through the API and linked to (the description says so, and the API reference shows it).
 * Point the URL at a terms page instead once the site has one.
 */
function license(siteUrl: string) {
  return {
    name: `Proprietary: © ${SITE.name}, all rights reserved`,
    // The API reference page, whose introduction states the terms (the description below).
    url: absoluteUrl(siteUrl, AGENT_PATHS.apiReference),
  }
}

export function openApiDocument(siteUrl: string) {
  const operationPaths = {
    ...contentPaths(),
    ...searchPaths(),
    ...inquiryPaths(),
    ...mediaPaths(),
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: `${SITE.name} API`,
      version: API_VERSION,
      summary: 'Published content (English and Spanish), media files and project inquiries.',
      description: [
        `The public interface of ${SITE.name}: read published posts and case studies as JSON, stream their media files, and send a project inquiry to the team.`,
        'Reads need no authentication; only published documents are ever returned.',
        `Terms of use: the content and media files are © ${SITE.name}, all rights reserved, except media files whose \`credit\` names another author and licence (those are under that licence, which its \`creditUrl\` may link to). They are offered to be read and linked to; any other use needs the firm's permission, asked through the contact page.`,
        agentResources(siteUrl),
      ].join('\n\n'),
      contact: { name: SITE.name, url: absoluteUrl(siteUrl, paths.contact('en')) },
      license: license(siteUrl),
    },
    servers: [{ url: siteUrl }],
    externalDocs: {
      description: 'Content index for agents',
      url: absoluteUrl(siteUrl, AGENT_PATHS.llms),
    },
    tags: [
      { name: 'posts', description: 'Blog posts' },
      { name: 'case-studies', description: 'Case studies' },
      { name: 'categories', description: 'Categories of posts and case studies' },
      { name: 'inquiries', description: 'Project inquiries to the team' },
      { name: 'media', description: 'Images and files used by published documents' },
    ],
    paths: operationPaths,
    components: {
      schemas: {
        ...contentSchemas(),
        ...mediaSchemas(),
        ...categorySchemas(),
        ...searchSchemas(),
        ...inquirySchemas(),
        ...errorSchemas(errorCodesUsedBy(operationPaths)),
      },
      parameters: { ...contentParameters(), ...mediaParameters() },
      headers: { ...sharedHeaders(), ...mediaHeaders() },
    },
  }
}
