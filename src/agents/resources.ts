import 'server-only'

import { env } from '@/env'
import { ApiError, withErrorHandling } from '@/http/errors'

import { textResponse, type TextResource } from '@/http/text-response'
import { llmsFullTxt, llmsTxt } from './llms'
import { openApiDocument } from './openapi'
import { publishedSite } from '@/site/published-site'
import { SCHEMA_FEED_CONTENT_TYPE } from '@/site/agent-paths'
import { schemaFeed } from './schema-feed'
import { findSkill, skillMarkdown, skillsIndex } from './skills'

/**
 * The machine-readable resources of spec 4.7, one loader each. Content-derived ones render from
 * the published snapshot (`published-site.ts`); the others depend only on the code and the site
 * URL. Route files (`src/app/llms.txt/route.ts`, …) pass a loader to `resourceRoute`.
 */

const TEXT = 'text/plain; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'
const MARKDOWN = 'text/markdown; charset=utf-8'

const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

export const loadLlmsTxt = async (): Promise<TextResource> => ({
  body: llmsTxt(await publishedSite(), env.SITE_URL),
  contentType: TEXT,
})

export const loadLlmsFullTxt = async (): Promise<TextResource> => ({
  body: llmsFullTxt(await publishedSite(), env.SITE_URL),
  contentType: TEXT,
})

export const loadSchemaFeed = async (): Promise<TextResource> => ({
  body: schemaFeed(await publishedSite(), env.SITE_URL),
  contentType: SCHEMA_FEED_CONTENT_TYPE,
})

export const loadOpenApi = async (): Promise<TextResource> => ({
  body: asJson(openApiDocument(env.SITE_URL)),
  contentType: JSON_TYPE,
})

export const loadSkillsIndex = async (): Promise<TextResource> => ({
  body: asJson(skillsIndex(env.SITE_URL)),
  contentType: JSON_TYPE,
})

export async function loadSkill(name: string): Promise<TextResource> {
  const skill = findSkill(name)
  if (!skill) throw new ApiError('not_found', `No agent skill named ${name}.`)
  return { body: skillMarkdown(skill, env.SITE_URL), contentType: MARKDOWN }
}

/** GET and HEAD of one resource. */
export function resourceRoute(load: () => Promise<TextResource>) {
  return withErrorHandling(async (request: Request) => textResponse(request, await load()))
}

/** GET and HEAD of `/.well-known/agent-skills/{name}/SKILL.md`. */
export function skillRoute() {
  return withErrorHandling(
    async (request: Request, context: { params: Promise<{ skill: string }> }) =>
      textResponse(request, await loadSkill((await context.params).skill)),
  )
}
