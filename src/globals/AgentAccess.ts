import type { FieldHook, GlobalConfig, TextFieldSingleValidation } from 'payload'

import { SETTINGS_ACCESS } from './access'
import {
  AGENT_ACCESS_SLUG,
  CRAWLER_OVERRIDES_MAX,
  PURPOSE_COLUMNS,
  type OverrideChoice,
} from './agent-access-schema'
import { knownAgent } from './known-agents'
import { ADMIN_WORDS } from '@/i18n/admin-text'

export { AGENT_ACCESS_SLUG }

const OVERRIDE_OPTIONS = [
  { value: 'inherit', label: { en: 'As the site', es: 'Como el sitio' } },
  { value: 'allow', label: { en: 'Allow', es: 'Permitir' } },
  { value: 'refuse', label: { en: 'Refuse', es: 'Rechazar' } },
] satisfies { value: OverrideChoice; label: Record<'en' | 'es', string> }[]

const PURPOSE_TEXT = {
  search: {
    label: { en: 'Search indexing', es: 'Indexación en buscadores' },
    description: {
      en: 'Search engines may index the pages and show them in results that link here.',
      es: 'Los buscadores pueden indexar las páginas y mostrarlas en resultados que enlazan aquí.',
    },
  },
  aiInput: {
    label: { en: 'AI answers (retrieval)', es: 'Respuestas de IA (recuperación)' },
    description: {
      en: 'AI assistants may read the content to answer a person’s question (grounding, RAG).',
      es: 'Los asistentes de IA pueden leer el contenido para responder a la pregunta de una persona.',
    },
  },
  aiTrain: {
    label: { en: 'AI training', es: 'Entrenamiento de IA' },
    description: {
      en: 'The content may be used to train or fine-tune AI models.',
      es: 'El contenido puede usarse para entrenar o ajustar modelos de IA.',
    },
  },
} as const

/** The purposes' fields, with their labels, in the stored order (agent-access-schema.ts). */
const PURPOSE_FIELDS = PURPOSE_COLUMNS.map(({ field }) => ({ name: field, ...PURPOSE_TEXT[field] }))

const validateAgent: TextFieldSingleValidation = (value, { req }) => {
  if (knownAgent(value)) return true
  const spanish = req.i18n?.language === 'es'
  return spanish
    ? `«${String(value ?? '').slice(0, 64)}» no es un agente conocido: escriba su nombre como lo envía (GPTBot, ClaudeBot, Googlebot…).`
    : `"${String(value ?? '').slice(0, 64)}" is not a known agent: write its name as it sends it (GPTBot, ClaudeBot, Googlebot…).`
}

/** The name stored as the agent table spells it, so robots.txt names it as the crawler does. */
const spellAsTable: FieldHook = ({ value }) => knownAgent(value)?.name ?? value

interface CrawlerRow {
  agent?: unknown
  search?: unknown
  refuseRequests?: unknown
}

/**
 * One row per agent; and "refuse requests" for a search crawler only with search refused for it
 * (a site that answers its search crawler 403 drops out of that engine: an editor says so first).
 */
function validateCrawlers(
  value: unknown,
  spanish: boolean,
  siteAllowsSearch: boolean,
): true | string {
  const rows = Array.isArray(value) ? (value as CrawlerRow[]) : []
  const seen = new Set<string>()
  for (const row of rows) {
    const agent = knownAgent(row.agent)
    if (!agent) continue
    const key = agent.name.toLowerCase()
    if (seen.has(key))
      return spanish
        ? `${agent.name} aparece dos veces: una fila por agente.`
        : `${agent.name} is listed twice: one row per agent.`
    seen.add(key)
    const searchAllowed = row.search === 'allow' || (row.search !== 'refuse' && siteAllowsSearch)
    if (row.refuseRequests === true && agent.channel === 'search-crawler' && searchAllowed)
      return spanish
        ? `${agent.name} es un buscador: para rechazar sus peticiones, rechace también la indexación para él.`
        : `${agent.name} is a search engine's crawler: to refuse its requests, refuse search indexing for it too.`
  }
  return true
}

/**
 * The agent access policy (src/agents/access-policy-store.ts reads it): for each purpose, whether
 * the site allows it, and overrides for named crawlers. Saved, it applies at once: no drafts (a
 * policy has nothing to preview), and every surface that states it (robots.txt, the
 * `Content-Usage` header, llms.txt, the MCP server card) follows with the content change feed.
 * Editors and admins change it; authors only read it.
 */
export const AgentAccessGlobal: GlobalConfig = {
  slug: AGENT_ACCESS_SLUG,
  label: { en: 'Agent access', es: 'Acceso de agentes' },
  admin: {
    group: ADMIN_WORDS.settingsGroup,
    description: {
      en:
        'What search engines and AI systems may do with the site’s content. Stated in robots.txt ' +
        '(Content-Signal and Content-Usage), in the Content-Usage header of pages, twins, llms.txt ' +
        'and media, in llms.txt and in the MCP server card. A refusal is a statement crawlers are ' +
        'asked to respect; only “Refuse requests” turns a crawler away (403).',
      es:
        'Qué pueden hacer los buscadores y los sistemas de IA con el contenido del sitio. Se declara ' +
        'en robots.txt (Content-Signal y Content-Usage), en la cabecera Content-Usage de páginas, ' +
        'gemelos, llms.txt y medios, en llms.txt y en la tarjeta del servidor MCP. Un rechazo es una ' +
        'declaración que se pide respetar; solo «Rechazar peticiones» aparta a un rastreador (403).',
    },
  },
  access: SETTINGS_ACCESS,
  fields: [
    {
      name: 'allow',
      type: 'group',
      label: { en: 'Allowed uses', es: 'Usos permitidos' },
      admin: {
        description: {
          en: 'For every crawler and agent, unless an override below says otherwise.',
          es: 'Para todo rastreador y agente, salvo que una excepción de abajo diga otra cosa.',
        },
      },
      fields: PURPOSE_FIELDS.map(({ name, label, description }) => ({
        name,
        type: 'checkbox' as const,
        label,
        defaultValue: true,
        admin: { description },
      })),
    },
    {
      name: 'crawlers',
      type: 'array',
      label: { en: 'Crawler overrides', es: 'Excepciones por rastreador' },
      labels: {
        singular: { en: 'Crawler override', es: 'Excepción de rastreador' },
        plural: { en: 'Crawler overrides', es: 'Excepciones de rastreador' },
      },
      maxRows: CRAWLER_OVERRIDES_MAX,
      validate: (value, { req, siblingData }) =>
        validateCrawlers(
          value,
          req.i18n?.language === 'es',
          (siblingData as { allow?: { search?: unknown } }).allow?.search !== false,
        ),
      admin: {
        description: {
          en:
            'A named crawler (as the Audience table names it: GPTBot, ClaudeBot, Googlebot…) gets ' +
            'its own robots.txt group. Crawling is disallowed only when its override refuses ' +
            'everything it does, or refuses its requests.',
          es:
            'Un rastreador con nombre (como lo nombra la tabla de Audiencia: GPTBot, ClaudeBot, ' +
            'Googlebot…) recibe su propio grupo en robots.txt. Solo se le prohíbe rastrear cuando ' +
            'su excepción rechaza todo lo que hace, o rechaza sus peticiones.',
        },
      },
      fields: [
        {
          name: 'agent',
          type: 'text',
          required: true,
          label: { en: 'Agent', es: 'Agente' },
          validate: validateAgent,
          hooks: { beforeValidate: [spellAsTable] },
        },
        {
          type: 'row',
          fields: PURPOSE_FIELDS.map(({ name, label }) => ({
            name,
            type: 'select' as const,
            label,
            required: true,
            defaultValue: 'inherit',
            options: OVERRIDE_OPTIONS,
            admin: { width: '33%' },
          })),
        },
        {
          name: 'refuseRequests',
          type: 'checkbox',
          defaultValue: false,
          label: {
            en: 'Refuse requests (answer 403)',
            es: 'Rechazar peticiones (responder 403)',
          },
          admin: {
            description: {
              en: 'Its requests, as its User-Agent names it, are answered 403 before any page is read.',
              es: 'Sus peticiones, según su User-Agent, se responden con 403 antes de leer ninguna página.',
            },
          },
        },
      ],
    },
  ],
}
