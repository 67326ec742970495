import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

import type { SiteSettings } from '@/globals/defaults'
import { DEFAULT_LOCALE, LOCALE_LABELS, LOCALES, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { INQUIRY_FIELD_MAX, problemsOf, type FieldProblem } from '@/inquiries/schema'
import { SEND_INQUIRY_TOOL } from '@/site/agent-paths'
import { CONTACT_SERVICES } from '@/site/contact'

/**
 * The MCP server's prompts, as data: each with its arguments (one zod schema, which checks them
 * and becomes the `arguments` prompts/list and the server card give) and the messages it returns,
 * written in the language asked for from the published site settings (src/site/settings.ts: the
 * firm's name, the home page's services section, the contact page's promise) and the services
 * listed in that language (src/site/services.ts: each with its page's URL). Prompt
 * arguments are strings (MCP); the completions (src/mcp/completions.ts) offer their values.
 */

export const SUMMARISE_SERVICES_PROMPT = 'summarise_services'
export const PREPARE_INQUIRY_PROMPT = 'prepare_inquiry'

/** The longest client need a prompt takes: it may become the inquiry's message. */
export const PROMPT_NEED_MAX_LENGTH = INQUIRY_FIELD_MAX.message

const characters = (value: string) => [...value].length

const need = z
  .string({ error: 'must be a string' })
  .refine((value) => characters(value) <= PROMPT_NEED_MAX_LENGTH, {
    error: `must be at most ${PROMPT_NEED_MAX_LENGTH} characters`,
    abort: true,
  })
  .trim()
  .min(1, { error: 'must not be empty' })

const locale = z
  .enum(LOCALES)
  .optional()
  .describe(
    `Language of the messages and of the reply: ${LOCALES.join(' or ')} (default ${DEFAULT_LOCALE}).`,
  )

const summariseArguments = z.strictObject({
  need: need.describe(
    `What the client needs, in their own words (at most ${PROMPT_NEED_MAX_LENGTH} characters).`,
  ),
  locale,
})

const prepareArguments = z.strictObject({
  need: need
    .optional()
    .describe('What the client wants help with, when it is already known (becomes the message).'),
  service: z
    .enum(CONTACT_SERVICES)
    .optional()
    .describe(
      `The service the inquiry is about, as the contact form names it: ${CONTACT_SERVICES.join(', ')}.`,
    ),
  locale,
})

type SummariseArguments = z.output<typeof summariseArguments>
type PrepareArguments = z.output<typeof prepareArguments>

/** A service listed in the prompt's language, as the prompt names it: its page's URL too. */
export interface PromptService {
  title: string
  summary: string
  url: string
}

/**
 * What a prompt's messages are written from: the published settings in its language and the
 * services listed in it.
 */
export interface PromptContext {
  settings: SiteSettings
  services: readonly PromptService[]
  locale: Locale
}

export interface PromptDefinition {
  name: string
  title: string
  description: string
  arguments: z.ZodObject
  /** The messages of `prompts/get`, from arguments its schema accepted. */
  messages(args: never, context: PromptContext): string
}

/**
 * The services as lines, as the home page presents them: the services listed in the language,
 * each with its title, summary and page (`- **Title**: summary <url>`); until one is published
 * there, the home page's section's own items (no page to link).
 */
const serviceLines = (settings: SiteSettings, services: readonly PromptService[]) =>
  services.length > 0
    ? services
        .map((service) => `- **${service.title}**: ${service.summary} <${service.url}>`)
        .join('\n')
    : settings.services.items.map((item) => `- **${item.title}**: ${item.description}`).join('\n')

/** The client's own words, quoted apart from the instructions around them. */
const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')

const SUMMARISE_TEXT: Record<
  Locale,
  (args: SummariseArguments, settings: SiteSettings, services: readonly PromptService[]) => string
> = {
  en: ({ need: clientNeed }, settings, services) =>
    [
      `A prospective client of ${settings.siteName} describes what they need:`,
      quoted(clientNeed),
      `${settings.siteName}'s services, as its website presents them (${settings.services.heading}: ${settings.services.intro}):`,
      serviceLines(settings, services),
      'Summarise in English, in a few sentences, which of these services fit the need and how, ' +
        'naming each by its title and linking its page when it has one; say plainly if none does. Promise no prices, dates or services ' +
        'that are not listed here. To back the summary with published work, find related articles ' +
        'and case studies with the tool search_content (locale "en") and cite the URLs of those ' +
        `you use. If the client wants to go ahead, the prompt ${PREPARE_INQUIRY_PROMPT} prepares ` +
        `an inquiry to the team, sent with the tool ${SEND_INQUIRY_TOOL}.`,
    ].join('\n\n'),
  es: ({ need: clientNeed }, settings, services) =>
    [
      `Un posible cliente de ${settings.siteName} describe lo que necesita:`,
      quoted(clientNeed),
      `Los servicios de ${settings.siteName}, tal como los presenta su web (${settings.services.heading}: ${settings.services.intro}):`,
      serviceLines(settings, services),
      'Resume en español, en pocas frases, qué servicios de estos encajan con la necesidad y ' +
        'cómo, nombrando cada uno por su título y enlazando su página si la tiene; si ninguno ' +
        'encaja, dilo claramente. No prometas ' +
        'precios, plazos ni servicios que no estén en la lista. Para respaldar el resumen con ' +
        'trabajo publicado, busca artículos y casos de éxito relacionados con la herramienta ' +
        'search_content (locale "es") y cita las URL de los que uses. Si el cliente quiere ' +
        `seguir adelante, el prompt ${PREPARE_INQUIRY_PROMPT} prepara una consulta al equipo, ` +
        `que se envía con la herramienta ${SEND_INQUIRY_TOOL}.`,
    ].join('\n\n'),
}

const serviceChoice = (locale: Locale) =>
  CONTACT_SERVICES.map((slug) => `${messagesFor(locale).services[slug]} (\`${slug}\`)`).join(', ')

const PREPARE_TEXT: Record<Locale, (args: PrepareArguments, settings: SiteSettings) => string> = {
  en: ({ need: clientNeed, service }, settings) =>
    [
      `Help me send ${settings.siteName}'s team an inquiry about a project. ${settings.contact.intro}`,
      ...(clientNeed ? ['What I need:', quoted(clientNeed)] : []),
      [
        'Ask me for whatever is missing below, one question at a time, and never invent any of it:',
        `- my name (required, at most ${INQUIRY_FIELD_MAX.name} characters);`,
        '- my email address (required: the team replies to it);',
        `- the message (required, at most ${INQUIRY_FIELD_MAX.message} characters): the project, its goals, timing and constraints${clientNeed ? ', starting from what I need above' : ''};`,
        '- a phone number with its country code (optional).',
      ].join('\n'),
      service
        ? `The inquiry is about ${messagesFor('en').services[service]}: send \`service\` "${service}".`
        : `If it helps, ask which service it is about: ${serviceChoice('en')}; send its name in brackets as \`service\`, or leave \`service\` out.`,
      'Show me the inquiry and wait for my confirmation before sending it. Then call the tool ' +
        `${SEND_INQUIRY_TOOL} once, with name, email, message, phone if I gave one, service if ` +
        'chosen, and locale "en": the team replies in English. Sending is not idempotent: never call ' +
        'it twice for one inquiry. Its result says whether the team received the inquiry or, when ' +
        'a limit is reached, how many seconds to wait; tell me which.',
    ].join('\n\n'),
  es: ({ need: clientNeed, service }, settings) =>
    [
      `Ayúdame a enviar una consulta sobre un proyecto al equipo de ${settings.siteName}. ${settings.contact.intro}`,
      ...(clientNeed ? ['Lo que necesito:', quoted(clientNeed)] : []),
      [
        'Pregúntame lo que falte de lo siguiente, una pregunta cada vez, y no inventes nada:',
        `- mi nombre (obligatorio, como mucho ${INQUIRY_FIELD_MAX.name} caracteres);`,
        '- mi correo electrónico (obligatorio: el equipo responde a él);',
        `- el mensaje (obligatorio, como mucho ${INQUIRY_FIELD_MAX.message} caracteres): el proyecto, sus objetivos, plazos y limitaciones${clientNeed ? ', a partir de lo que necesito' : ''};`,
        '- un teléfono con su prefijo internacional (opcional).',
      ].join('\n'),
      service
        ? `La consulta trata de ${messagesFor('es').services[service]}: envía \`service\` "${service}".`
        : `Si ayuda, pregunta de qué servicio se trata: ${serviceChoice('es')}; envía como \`service\` el nombre entre paréntesis, o no envíes \`service\`.`,
      'Muéstrame la consulta y espera mi confirmación antes de enviarla. Después llama una sola ' +
        `vez a la herramienta ${SEND_INQUIRY_TOOL} con name, email, message, phone si lo di, ` +
        'service si se eligió y locale "es": el equipo responde en español. Enviar no es ' +
        'idempotente: nunca la llames dos veces para una misma consulta. Su resultado dice si el ' +
        'equipo recibió la consulta o, si se alcanzó un límite, cuántos segundos esperar; dime cuál.',
    ].join('\n\n'),
}

export const PROMPT_DEFINITIONS: readonly PromptDefinition[] = [
  {
    name: SUMMARISE_SERVICES_PROMPT,
    title: 'Summarise our services for a client need',
    description:
      "Given a client's need, asks the model to summarise which of the consultancy's services fit " +
      'it and how, from the services the website publishes (in English or Spanish), backed by the ' +
      'published articles and case studies search_content finds.',
    arguments: summariseArguments,
    messages: (args: SummariseArguments, { settings, services, locale: language }) =>
      SUMMARISE_TEXT[language](args, settings, services),
  },
  {
    name: PREPARE_INQUIRY_PROMPT,
    title: 'Prepare an inquiry',
    description:
      "Guides the model to collect the sender's name, email address and message (and optionally " +
      `a phone number and the service), confirm them, and send the team an inquiry with ${SEND_INQUIRY_TOOL}, ` +
      'in English or Spanish.',
    arguments: prepareArguments,
    messages: (args: PrepareArguments, { settings, locale: language }) =>
      PREPARE_TEXT[language](args, settings),
  },
]

/** A prompt argument's description and whether it is required, from its schema. */
function argumentsOf(schema: z.ZodObject): NonNullable<Prompt['arguments']> {
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    description: (field as z.ZodType).description ?? name,
    required: !(field as z.ZodType).safeParse(undefined).success,
  }))
}

/** Each prompt as `prompts/list` describes it (and the server card lists it). */
export function promptDescriptions(): Prompt[] {
  return PROMPT_DEFINITIONS.map((prompt) => ({
    name: prompt.name,
    title: prompt.title,
    description: prompt.description,
    arguments: argumentsOf(prompt.arguments),
  }))
}

export const findPrompt = (name: string): PromptDefinition | undefined =>
  PROMPT_DEFINITIONS.find((prompt) => prompt.name === name)

/** Why a `prompts/get` can't be answered: an unknown prompt, or arguments it refuses. */
export class PromptRequestError extends Error {}

/**
 * The arguments of `prompts/get` for `prompt`, checked: the language they ask for (the default
 * locale if none), or a `PromptRequestError` naming every argument at fault.
 */
export function promptArguments(
  prompt: PromptDefinition,
  args: Record<string, string> | undefined,
): { args: Record<string, unknown>; locale: Locale } {
  const parsed = prompt.arguments.safeParse(args ?? {}, { reportInput: true })
  if (!parsed.success) {
    const problems: FieldProblem[] = problemsOf(parsed.error)
    throw new PromptRequestError(
      `Invalid arguments for prompt ${prompt.name}: ${problems.map((problem) => `${problem.field} ${problem.message}`).join('; ')}.`,
    )
  }
  const data = parsed.data as Record<string, unknown> & { locale?: Locale }
  return { args: data, locale: data.locale ?? DEFAULT_LOCALE }
}

/**
 * `prompts/get`: the prompt `name` with `args`, written from `settings` (the published settings
 * in every language) and `services` (those listed in each language), or a `PromptRequestError`.
 */
export function getPrompt(
  name: string,
  args: Record<string, string> | undefined,
  settings: Readonly<Record<Locale, SiteSettings>>,
  services?: Readonly<Record<Locale, readonly PromptService[]>>,
): GetPromptResult {
  const prompt = findPrompt(name)
  if (!prompt) {
    const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name
    throw new PromptRequestError(
      `Unknown prompt ${JSON.stringify(shown)}. Available prompts: ${PROMPT_DEFINITIONS.map((each) => each.name).join(', ')}.`,
    )
  }
  const { args: checked, locale: language } = promptArguments(prompt, args)
  const text = prompt.messages(checked as never, {
    settings: settings[language],
    services: services?.[language] ?? [],
    locale: language,
  })
  return {
    description: `${prompt.title} (${LOCALE_LABELS[language]})`,
    messages: [{ role: 'user', content: { type: 'text', text } }],
  }
}
