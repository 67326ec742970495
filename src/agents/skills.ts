import { createHash } from 'node:crypto'

import {
  PUBLIC_COLLECTIONS,
  PUBLIC_FIELDS,
  QUERY_LIMITS,
  SORTABLE_FIELDS,
} from '@/content/contract'
import { ERROR_STATUS, type ErrorCode } from '@/http/errors'
import { LOCALES } from '@/i18n/locales'
import { absoluteUrl } from '@/site/view'
import { GET_DOCUMENT_TOOL, LIST_DOCUMENTS_TOOL, SEARCH_CONTENT_TOOL } from '@/mcp/tool-definitions'
import { SITE } from '@/site/config'
import { BLOG_PAGE_SIZE } from '@/site/routes'

import { inquiryFields, INQUIRY_LIMITS } from '@/inquiries/contract'
import { AGENT_PATHS, CONTACT_SKILL, SEND_INQUIRY_TOOL } from '@/site/agent-paths'

/**
 * The Agent Skills this site publishes under `/.well-known/agent-skills/` (Agent Skills Discovery
 * RFC v0.2.0). Each SKILL.md is generated from the constants the service enforces (query bounds,
 * fields, inquiry limits), so an instruction can never drift from the behaviour it describes.
 */

export const SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json'

export interface Skill {
  /** 1–64 of a-z, 0-9 and single hyphens: the directory name under /.well-known/agent-skills/. */
  name: string
  /** What it does and when to use it (at most 1024 characters). */
  description: string
  /** The markdown instructions after the frontmatter. */
  body: (siteUrl: string) => string
}

const code = (value: string | number) => `\`${value}\``

/**
 * An endpoint that takes POST only (the MCP server, the inquiry endpoint), named with its method,
 * in code, in every agent file: a markdown link (or a bare URL, which GFM links) would send
 * crawlers, and agents that fetch what they are shown, into a 405 or a 403.
 */
export const postEndpoint = (siteUrl: string, path: string) =>
  code(`POST ${absoluteUrl(siteUrl, path)}`)
const list = (values: readonly (string | number)[]) => values.map(code).join(', ')

function errorLine(errorCode: ErrorCode, meaning: string): string {
  return `- ${ERROR_STATUS[errorCode]} ${code(errorCode)}: ${meaning}`
}

const readContent: Skill = {
  name: 'read-content',
  description: `Read ${SITE.name}'s published articles and case studies (English and Spanish) as markdown or JSON. Use it to find, summarise or cite what the consultancy has written or delivered.`,
  body: (siteUrl) => {
    const url = (path: string) => absoluteUrl(siteUrl, path)
    const caseStudyOnly = PUBLIC_FIELDS['case-studies'].filter(
      (field) => !PUBLIC_FIELDS.posts.includes(field),
    )
    const collections = PUBLIC_COLLECTIONS.map((collection) => code(`/api/${collection}`)).join(
      ' and ',
    )
    return `# Read ${SITE.name}'s content

Everything described here is public, published content: no authentication, no API key.
Languages: ${list(LOCALES)}.

## Start here

- ${url(AGENT_PATHS.llms)}: an index of every published document, each linked to its markdown.
- ${url(AGENT_PATHS.llmsFull)}: every published document's markdown in one file.

## Markdown twins

Every page of the site has a markdown version: append ${code('.md')} to the page URL
(${code('/index.md')} for ${code('/')}), or request the page itself with
${code('Accept: text/markdown')}. Both return the same bytes, with an ${code('ETag')} and an
${code('X-Markdown-Tokens')} estimate.

- Home: ${LOCALES.map((locale) => url(`/${locale}.md`)).join(', ')}
- Blog: ${code(url('/{locale}/blog.md'))}, ${BLOG_PAGE_SIZE} articles a page (${code('?page=2')}, …)
- Article: ${code(url('/{locale}/blog/{slug}.md'))}
- Case studies: ${code(url('/{locale}/case-studies.md'))} and ${code(url('/{locale}/case-studies/{slug}.md'))}

(${code('{locale}')} is ${list(LOCALES)}; ${code('{slug}')} a document's slug, from the lists or the API.)

An article or case study starts with YAML frontmatter (${list(['title', 'description', 'url', 'lang', 'date', 'alternates'])});
${code('alternates')} links the same document in the other language.

## JSON API

Described by ${url(AGENT_PATHS.openapi)}. Lists: ${collections}; one document: append ${code('/{id}')}.

- ${code('locale')}: ${list(LOCALES)}; omit it to get every language (localized fields become ${code('{ "en": …, "es": … }')}).
- ${code('limit')}: ${QUERY_LIMITS.limitDefault} by default, at most ${QUERY_LIMITS.limitMax} (larger values are clamped).
- ${code('page')}: from 1 to ${QUERY_LIMITS.pageMax}.
- ${code('sort')}: one of ${list(SORTABLE_FIELDS)}, prefixed with ${code('-')} for descending; default ${code(QUERY_LIMITS.defaultSort)}.
- ${code('depth')}: 0 to ${QUERY_LIMITS.depthMax} (larger values are treated as ${QUERY_LIMITS.depthMax}), default ${QUERY_LIMITS.depthDefault} (how far cover images and categories are populated).
- ${code('select')}: comma-separated fields among ${list(['id', ...PUBLIC_FIELDS['case-studies']])} (${list(caseStudyOnly)} for case studies only).
- ${code('where[slug][equals]=<slug>')}: the document with that slug.
- ${code('category=<slug>')}: the documents in that category (slugs from ${code('/api/categories')}).

A list answers ${code('{ docs, totalDocs, limit, page, totalPages, hasNextPage, hasPrevPage }')}.
A document that does not exist or is not published is a 404. Images and files: ${code('GET /api/media/file/{filename}')}.
Errors are ${code('{ "error": { "code", "message", "details"? } }')}; a 400 names each parameter at fault in ${code('details')}.

## MCP

The MCP server, ${postEndpoint(siteUrl, AGENT_PATHS.mcp)} (Streamable HTTP), reads the same published content:
${code(SEARCH_CONTENT_TOOL)}, ${code(LIST_DOCUMENTS_TOOL)} and ${code(GET_DOCUMENT_TOOL)} (the markdown twin's text and URL), and
every published document as a resource (its twin's URL, ${code('text/markdown')}; a resource template per
collection names them by locale and slug). Its tools and their schemas: ${url(AGENT_PATHS.mcpServerCard)}.

## Structured data

${url(AGENT_PATHS.schemaFeed)}: JSON Lines, one schema.org object (${code('BlogPosting')} or ${code('Article')}) per
document and language, linked to its translation with ${code('workTranslation')} / ${code('translationOfWork')}.
`
  },
}

const contactTeam: Skill = {
  name: CONTACT_SKILL,
  description: `Send a project inquiry to ${SITE.name}'s team through the MCP tool ${SEND_INQUIRY_TOOL} or POST ${AGENT_PATHS.inquiries}. Use it when the user wants to hire the consultancy, ask about a project or get in touch.`,
  body: (siteUrl) => {
    const url = (path: string) => absoluteUrl(siteUrl, path)
    const fields = inquiryFields().map((field) => {
      const facts = [field.required ? 'required' : 'optional']
      if (field.maxLength !== undefined) facts.push(`at most ${field.maxLength} characters`)
      if (field.format) facts.push(`${field.format} format`)
      if (field.enum) facts.push(`one of ${list(field.enum)}`)
      if (field.default !== undefined) facts.push(`default ${code(field.default)}`)
      return `| ${code(field.name)} | ${facts.join(', ')} | ${field.description} |`
    })
    const example = Object.fromEntries(
      inquiryFields()
        .filter((field) => field.required)
        .map((field) => [field.name, `(${field.description.toLowerCase()})`]),
    )
    return `# Contact ${SITE.name}'s team

An inquiry reaches the team as an email; they reply to the address given, in the language given.

## Before sending

- Use the user's own name, email address and words; never invent them. Confirm before sending.
- Send each inquiry once: sending is not idempotent, and every attempt counts against the limits.

## Option 1: MCP

Server: ${postEndpoint(siteUrl, AGENT_PATHS.mcp)} (Streamable HTTP, stateless: POST for every call, no session).
Call the tool ${code(SEND_INQUIRY_TOOL)} with the fields below as arguments. Its result says whether the
inquiry was received; on a limit it says how many seconds to wait.

## Option 2: HTTP

\`\`\`http
POST ${url(AGENT_PATHS.inquiries)}
Content-Type: application/json

${JSON.stringify(example)}
\`\`\`

Answer: 201 ${code('{"success":true}')}. The request is described in ${url(AGENT_PATHS.openapi)} (operation ${code('createInquiry')}).

## Fields

No other property is accepted. Values are trimmed; required ones must not be empty.

| Field | Rules | Meaning |
| --- | --- | --- |
${fields.join('\n')}

## Limits

Per hour: ${INQUIRY_LIMITS.perEmail} per email address, ${INQUIRY_LIMITS.perClient} per client (${INQUIRY_LIMITS.unidentified} shared by clients that cannot be identified), ${INQUIRY_LIMITS.global} for the whole site.
The same budgets apply to the MCP tool, the HTTP endpoint and the site's contact form.
The body may be at most ${INQUIRY_LIMITS.bodyMaxBytes / 1024} KiB (${INQUIRY_LIMITS.bodyMaxBytes} bytes).

## Errors (HTTP)

Bodies are ${code('{ "error": { "code", "message", "details"? } }')}.

${[
  errorLine(
    'invalid_body',
    `a field is missing, too long or malformed; ${code('details')} names each one. Fix and resend.`,
  ),
  errorLine('forbidden', 'a cross-origin browser request; call from a server or agent instead.'),
  errorLine('payload_too_large', `the body is over ${INQUIRY_LIMITS.bodyMaxBytes} bytes.`),
  errorLine('unsupported_media_type', `send ${code('Content-Type: application/json')}.`),
  errorLine(
    'rate_limited',
    `a limit is reached; wait the ${code('Retry-After')} seconds before trying again.`,
  ),
  errorLine(
    'unavailable',
    `inquiries cannot be stored right now; retry after ${code('Retry-After')} seconds.`,
  ),
].join('\n')}
`
  },
}

export const SKILLS: readonly Skill[] = [readContent, contactTeam]

/** A SKILL.md: `name` and `description` frontmatter, then the instructions. */
export function skillMarkdown(skill: Skill, siteUrl: string): string {
  return `---\nname: ${skill.name}\ndescription: ${JSON.stringify(skill.description)}\n---\n\n${skill.body(siteUrl)}`
}

export function findSkill(name: string): Skill | undefined {
  return SKILLS.find((skill) => skill.name === name)
}

export const sha256Digest = (text: string) =>
  `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`

/** `/.well-known/agent-skills/index.json`: each skill with the digest of its served bytes. */
export function skillsIndex(siteUrl: string) {
  return {
    $schema: SKILLS_SCHEMA,
    skills: SKILLS.map((skill) => ({
      name: skill.name,
      type: 'skill-md' as const,
      description: skill.description,
      url: absoluteUrl(siteUrl, AGENT_PATHS.skill(skill.name)),
      digest: sha256Digest(skillMarkdown(skill, siteUrl)),
    })),
  }
}
