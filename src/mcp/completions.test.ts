import type { CompleteRequest } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it, vi } from 'vitest'

import {
  complete,
  COMPLETION_VALUES_MAX,
  CompletionRequestError,
  type SlugReader,
} from './completions'

const SITE_URL = 'https://site.test'
const POST_TEMPLATE = `${SITE_URL}/{locale}/blog/{slug}.md`
const STUDY_TEMPLATE = `${SITE_URL}/{locale}/case-studies/{slug}.md`

type Params = CompleteRequest['params']

const prompt = (name: string, argument: string, value: string, context?: Record<string, string>) =>
  ({
    ref: { type: 'ref/prompt', name },
    argument: { name: argument, value },
    ...(context ? { context: { arguments: context } } : {}),
  }) as Params

const template = (uri: string, argument: string, value: string, context?: Record<string, string>) =>
  ({
    ref: { type: 'ref/resource', uri },
    argument: { name: argument, value },
    ...(context ? { context: { arguments: context } } : {}),
  }) as Params

const noSlugs: SlugReader = () => Promise.reject(new Error('no slug is read for this'))

const values = async (params: Params, readSlugs = noSlugs) =>
  (await complete(params, { siteUrl: SITE_URL, readSlugs })).values

async function refusal(params: Params): Promise<string> {
  const error = await complete(params, { siteUrl: SITE_URL, readSlugs: noSlugs }).catch(
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(CompletionRequestError)
  return (error as Error).message
}

describe('prompt arguments', () => {
  it('completes locales by prefix', async () => {
    expect(await values(prompt('summarise_services', 'locale', ''))).toEqual(['en', 'es'])
    expect(await values(prompt('prepare_inquiry', 'locale', 'E'))).toEqual(['en', 'es'])
    expect(await values(prompt('prepare_inquiry', 'locale', 'es'))).toEqual(['es'])
    expect(await values(prompt('prepare_inquiry', 'locale', 'fr'))).toEqual([])
  })

  it("completes the service categories by slug or by name, in the prompt's language", async () => {
    expect(await values(prompt('prepare_inquiry', 'service', 'cl'))).toEqual(['cloud'])
    expect(await values(prompt('prepare_inquiry', 'service', 'Mach'))).toEqual(['machine-learning'])
    // By the Spanish name, accents and case aside.
    expect(
      await values(prompt('prepare_inquiry', 'service', 'aprendizaje automati', { locale: 'es' })),
    ).toEqual(['machine-learning'])
    expect(
      await values(prompt('prepare_inquiry', 'service', 'ingenieria', { locale: 'es' })),
    ).toEqual(['software-engineering'])
    // Only the chosen language's names: "Aprendizaje" is no English name.
    expect(await values(prompt('prepare_inquiry', 'service', 'aprend', { locale: 'en' }))).toEqual(
      [],
    )
    const all = await complete(prompt('prepare_inquiry', 'service', ''), {
      siteUrl: SITE_URL,
      readSlugs: noSlugs,
    })
    expect(all).toEqual({
      values: [
        'software-engineering',
        'data-platforms',
        'cloud',
        'security',
        'machine-learning',
        'other',
      ],
      total: 6,
      hasMore: false,
    })
  })

  it('offers nothing for free text', async () => {
    expect(await values(prompt('summarise_services', 'need', 'clo'))).toEqual([])
  })

  it('refuses an unknown prompt or argument, naming what there is', async () => {
    expect(await refusal(prompt('test_prompt_with_arguments', 'arg1', 'test'))).toBe(
      'Unknown prompt "test_prompt_with_arguments". Available prompts: summarise_services, prepare_inquiry.',
    )
    expect(await refusal(prompt('summarise_services', 'service', ''))).toBe(
      'The prompt summarise_services has no argument "service"; its arguments are need, locale.',
    )
  })
})

describe('resource template variables', () => {
  it("completes {slug} from the template's collection in the chosen locale, bounded", async () => {
    const slugs = Array.from({ length: COMPLETION_VALUES_MAX + 1 }, (_, index) => `ab-${index}`)
    const read = vi.fn<SlugReader>().mockResolvedValue(slugs)
    const answer = await complete(template(POST_TEMPLATE, 'slug', 'Ab', { locale: 'es' }), {
      siteUrl: SITE_URL,
      readSlugs: read,
    })
    expect(read).toHaveBeenCalledWith('posts', 'es', 'ab', COMPLETION_VALUES_MAX + 1)
    expect(answer).toEqual({ values: slugs.slice(0, COMPLETION_VALUES_MAX), hasMore: true })

    read.mockResolvedValue(['a-study'])
    expect(await values(template(STUDY_TEMPLATE, 'slug', 'a'), read)).toEqual(['a-study'])
    // Without a locale chosen: the default locale's documents.
    expect(read).toHaveBeenLastCalledWith('case-studies', 'en', 'a', COMPLETION_VALUES_MAX + 1)
  })

  it('reads nothing for what no slug can start with, or a locale there is not', async () => {
    expect(await values(template(POST_TEMPLATE, 'slug', 'a b'))).toEqual([])
    expect(await values(template(POST_TEMPLATE, 'slug', "x' or 1=1 --"))).toEqual([])
    expect(await values(template(POST_TEMPLATE, 'slug', '%'))).toEqual([])
    expect(await values(template(POST_TEMPLATE, 'slug', 'a'.repeat(300)))).toEqual([])
    expect(await values(template(POST_TEMPLATE, 'slug', 'a', { locale: 'fr' }))).toEqual([])
  })

  it('completes {locale}', async () => {
    expect(await values(template(STUDY_TEMPLATE, 'locale', 'e'))).toEqual(['en', 'es'])
  })

  it('refuses a template that is not one of ours, or a variable it lacks', async () => {
    expect(await refusal(template('test://template/{id}/data', 'id', '1'))).toBe(
      'Unknown resource template "test://template/{id}/data"; resources/templates/list gives the templates.',
    )
    expect(await refusal(template(POST_TEMPLATE, 'id', '1'))).toBe(
      'The template has no variable "id"; its variables are locale, slug.',
    )
  })
})
