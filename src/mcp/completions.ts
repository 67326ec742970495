import type { CompleteRequest, CompleteResult } from '@modelcontextprotocol/sdk/types.js'

import { QUERY_LIMITS } from '@/content/contract'
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { CONTACT_SERVICES } from '@/site/contact'
import type { PageCollection } from '@/site/routes'
import { PAGE_COLLECTIONS } from '@/site/view'

import { findPrompt, PROMPT_DEFINITIONS } from './prompts'
import { documentTemplateUri, TEMPLATE_VARIABLES } from './read-tools'

/**
 * `completion/complete`: the values an argument may take, for the prompts' arguments and the
 * resource templates' variables. Locales and the contact form's services are fixed lists; a
 * template's `{slug}` is a published document's slug in the language already chosen (its
 * `{locale}` in `context.arguments`, else the default locale), read through `SlugReader`, never
 * a draft's. Every answer is a prefix match, at most `COMPLETION_VALUES_MAX` values.
 */

/** The most values one completion answers (MCP allows 100): a list to choose from, not a dump. */
export const COMPLETION_VALUES_MAX = 20

/**
 * Up to `limit` slugs of documents of `collection` listed in `locale` (published, translated)
 * starting with `prefix` (lower-case letters, digits and hyphens), in slug order.
 */
export type SlugReader = (
  collection: PageCollection,
  locale: Locale,
  prefix: string,
  limit: number,
) => Promise<string[]>

/** Why a completion can't be answered: an unknown prompt or template, or an argument it lacks. */
export class CompletionRequestError extends Error {}

type Completion = CompleteResult['completion']

/** What a typed value is compared as: lower case, without accents, trimmed. */
const folded = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()

/** The values of a fixed list that `matches` keeps, bounded, with how many matched in all. */
function fromList<Value extends string>(
  values: readonly Value[],
  matches: (value: Value) => boolean,
): Completion {
  const matched = values.filter(matches)
  return {
    values: matched.slice(0, COMPLETION_VALUES_MAX),
    total: matched.length,
    hasMore: matched.length > COMPLETION_VALUES_MAX,
  }
}

const NOTHING: Completion = { values: [], total: 0, hasMore: false }

const completeLocale = (typed: string) =>
  fromList(LOCALES, (locale) => locale.startsWith(folded(typed)))

/** A service by its slug, or by the start of its name in the language chosen (or any). */
function completeService(typed: string, chosen: string | undefined): Completion {
  const prefix = folded(typed)
  const languages = isLocale(chosen) ? [chosen] : LOCALES
  return fromList(
    CONTACT_SERVICES,
    (slug) =>
      slug.startsWith(prefix) ||
      languages.some((language) => folded(messagesFor(language).services[slug]).startsWith(prefix)),
  )
}

/** What a slug can start with (SLUG_PATTERN's characters): anything else matches no slug. */
const SLUG_PREFIX = /^[a-z0-9-]*$/

async function completeSlug(
  collection: PageCollection,
  typed: string,
  chosenLocale: string | undefined,
  readSlugs: SlugReader,
): Promise<Completion> {
  const prefix = typed.trim().toLowerCase()
  if (!SLUG_PREFIX.test(prefix) || prefix.length > QUERY_LIMITS.slugMaxLength) return NOTHING
  if (chosenLocale !== undefined && !isLocale(chosenLocale)) return NOTHING
  const slugs = await readSlugs(
    collection,
    chosenLocale ?? DEFAULT_LOCALE,
    prefix,
    COMPLETION_VALUES_MAX + 1,
  )
  return {
    values: slugs.slice(0, COMPLETION_VALUES_MAX),
    hasMore: slugs.length > COMPLETION_VALUES_MAX,
  }
}

const shown = (text: string) => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text)

function completePromptArgument(
  name: string,
  argument: string,
  typed: string,
  context: Record<string, string>,
): Completion {
  const prompt = findPrompt(name)
  if (!prompt) {
    throw new CompletionRequestError(
      `Unknown prompt ${shown(name)}. Available prompts: ${PROMPT_DEFINITIONS.map((each) => each.name).join(', ')}.`,
    )
  }
  const names = Object.keys(prompt.arguments.shape)
  if (!names.includes(argument)) {
    throw new CompletionRequestError(
      `The prompt ${prompt.name} has no argument ${shown(argument)}; its arguments are ${names.join(', ')}.`,
    )
  }
  switch (argument) {
    case 'locale':
      return completeLocale(typed)
    case 'service':
      return completeService(typed, context.locale)
    default:
      // Free text (the client's need): nothing to offer.
      return NOTHING
  }
}

/** The collection whose resource template is `uri`, or undefined. */
const templateCollection = (uri: string, siteUrl: string) =>
  PAGE_COLLECTIONS.find((collection) => documentTemplateUri(siteUrl, collection) === uri)

/** The completion of `completion/complete`'s params, or a `CompletionRequestError`. */
export async function complete(
  { ref, argument, context }: CompleteRequest['params'],
  { siteUrl, readSlugs }: { siteUrl: string; readSlugs: SlugReader },
): Promise<Completion> {
  const chosen = context?.arguments ?? {}
  if (ref.type === 'ref/prompt') {
    return completePromptArgument(ref.name, argument.name, argument.value, chosen)
  }
  const collection = templateCollection(ref.uri, siteUrl)
  if (!collection) {
    throw new CompletionRequestError(
      `Unknown resource template ${shown(ref.uri)}; resources/templates/list gives the templates.`,
    )
  }
  switch (argument.name) {
    case 'locale':
      return completeLocale(argument.value)
    case 'slug':
      return completeSlug(collection, argument.value, chosen.locale, readSlugs)
    default:
      throw new CompletionRequestError(
        `The template has no variable ${shown(argument.name)}; its variables are ${TEMPLATE_VARIABLES.join(', ')}.`,
      )
  }
}
