import type { AccessVerdict } from '@/agents/access-policy'

import { CLAIMED_IDENTITY_NOTICE, type Channel } from './channels'
import type { Period } from './dashboard'

/**
 * The Audience dashboard's words, in the admin's languages (Payload's admin has none of its own
 * for these; the editor's language is Payload's `i18n.language`). Channel, verdict and inquiry
 * source names are the dashboard's and the CSV's headers keep the stored values.
 */

export const DASHBOARD_LANGUAGES = ['en', 'es'] as const
export type DashboardLanguage = (typeof DASHBOARD_LANGUAGES)[number]

export function dashboardLanguageOf(language: unknown): DashboardLanguage {
  return language === 'es' ? 'es' : 'en'
}

export interface DashboardWords {
  /** The view's and the dashboard link's name. */
  title: string
  intro: string
  /** CLAIMED_IDENTITY_NOTICE in this language. */
  claimedIdentity: string
  /** What the counts cover: what the app itself served. */
  coverage: string
  forbidden: string
  range: {
    from: string
    to: string
    channel: string
    show: string
    shown: (from: string, to: string) => string
  }
  /** A refused query parameter; the default range is shown meanwhile. */
  badRange: (message: string) => string
  badChannel: (message: string) => string
  periods: Record<Period, string>
  charts: {
    visits: (period: string) => string
    topPaths: (channel: string) => string
    agentAccess: (period: string) => string
    agentAccessNote: string
    policyOpen: string
    /** The share (formatted) of the agents' traffic the policy refuses, stated or with 403. */
    refusedShare: (share: string) => string
    inquiries: (period: string) => string
  }
  empty: string
  emptyInquiries: string
  total: string
  /** The link to a chart's numbers, named by its chart. */
  csv: (chart: string) => string
  channels: Record<Channel, string>
  verdicts: Record<AccessVerdict, string>
  inquiryChannels: Record<string, string>
  /** The dashboard's link to the view. */
  link: string
}

const EN: DashboardWords = {
  title: 'Audience',
  intro:
    'Who reads the site: people, search engines, AI crawlers and assistants, MCP and API clients. ' +
    'Counts by UTC day; nothing personal is kept.',
  claimedIdentity: CLAIMED_IDENTITY_NOTICE,
  coverage:
    'The counts cover what the app serves: behind a shared HTTP cache (a CDN), the requests the ' +
    'cache answers itself never reach the app and are not counted.',
  forbidden: 'Only editors and admins see the audience.',
  range: {
    from: 'From',
    to: 'To',
    channel: 'Top pages of',
    show: 'Show',
    shown: (from, to) => `${from} to ${to} (UTC)`,
  },
  badRange: (message) => `That range cannot be shown (${message}); showing the last 30 days.`,
  badChannel: (message) => `That channel does not exist (${message}); showing people.`,
  periods: { day: 'by day', week: 'by week', month: 'by month' },
  charts: {
    visits: (period) => `Visits by channel, ${period}`,
    topPaths: (channel) => `Most read pages: ${channel}`,
    agentAccess: (period) => `Agent traffic and the access policy, ${period}`,
    agentAccessNote:
      'Search crawlers, AI crawlers and AI assistants, each request by what the current access ' +
      'policy says of its channel and agent. Requests already refused with 403 are not counted.',
    policyOpen: 'The access policy allows every agent.',
    refusedShare: (share) =>
      `The access policy refuses ${share} of this traffic (stated or with 403).`,
    inquiries: (period) => `Inquiries by source, ${period}`,
  },
  empty: 'No traffic in this range.',
  emptyInquiries: 'No inquiries in this range.',
  total: 'in total',
  csv: (chart) => `Download the numbers (CSV): ${chart}`,
  channels: {
    person: 'Person',
    'search-crawler': 'Search crawler',
    'ai-crawler': 'AI crawler (training)',
    'ai-assistant': 'AI assistant',
    'ai-referral': 'AI referral',
    'mcp-client': 'MCP client',
    'api-client': 'API client',
    'other-bot': 'Other bot',
  },
  verdicts: { allowed: 'Allowed', stated: 'Refusal stated', refused: 'Refused (403)' },
  inquiryChannels: { form: 'Contact form', http: 'API', mcp: 'MCP' },
  link: 'Audience: who reads the site',
}

const ES: DashboardWords = {
  title: 'Audiencia',
  intro:
    'Quién lee el sitio: personas, buscadores, rastreadores y asistentes de IA, clientes MCP y ' +
    'de la API. Recuentos por día UTC; no se guarda nada personal.',
  claimedIdentity:
    'Cada visitante se cuenta como lo que dice ser (su User-Agent, Referer o nombre de cliente ' +
    'MCP); nada de ello se verifica.',
  coverage:
    'Los recuentos cubren lo que sirve la aplicación: detrás de una caché HTTP compartida (una ' +
    'CDN), las peticiones que responde la caché no llegan a la aplicación y no se cuentan.',
  forbidden: 'Solo los editores y administradores ven la audiencia.',
  range: {
    from: 'Desde',
    to: 'Hasta',
    channel: 'Páginas más leídas de',
    show: 'Mostrar',
    shown: (from, to) => `Del ${from} al ${to} (UTC)`,
  },
  badRange: (message) =>
    `No se puede mostrar ese periodo (${message}); se muestran los últimos 30 días.`,
  badChannel: (message) => `Ese canal no existe (${message}); se muestran las personas.`,
  periods: { day: 'por día', week: 'por semana', month: 'por mes' },
  charts: {
    visits: (period) => `Visitas por canal, ${period}`,
    topPaths: (channel) => `Páginas más leídas: ${channel}`,
    agentAccess: (period) => `Tráfico de agentes y política de acceso, ${period}`,
    agentAccessNote:
      'Rastreadores de buscadores, rastreadores de IA y asistentes de IA: cada petición según lo ' +
      'que la política de acceso actual dice de su canal y agente. Las peticiones ya rechazadas ' +
      'con 403 no se cuentan.',
    policyOpen: 'La política de acceso permite a todos los agentes.',
    refusedShare: (share) =>
      `La política de acceso rechaza el ${share} de este tráfico (declarado o con 403).`,
    inquiries: (period) => `Consultas por origen, ${period}`,
  },
  empty: 'No hay tráfico en este periodo.',
  emptyInquiries: 'No hay consultas en este periodo.',
  total: 'en total',
  csv: (chart) => `Descargar los datos (CSV): ${chart}`,
  channels: {
    person: 'Persona',
    'search-crawler': 'Rastreador de buscador',
    'ai-crawler': 'Rastreador de IA (entrenamiento)',
    'ai-assistant': 'Asistente de IA',
    'ai-referral': 'Llegada desde IA',
    'mcp-client': 'Cliente MCP',
    'api-client': 'Cliente de la API',
    'other-bot': 'Otro bot',
  },
  verdicts: { allowed: 'Permitido', stated: 'Rechazo declarado', refused: 'Rechazado (403)' },
  inquiryChannels: { form: 'Formulario de contacto', http: 'API', mcp: 'MCP' },
  link: 'Audiencia: quién lee el sitio',
}

export const DASHBOARD_WORDS: Record<DashboardLanguage, DashboardWords> = { en: EN, es: ES }
