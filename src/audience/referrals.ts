/**
 * A person arriving from an AI assistant: the `Referer` names the assistant's site, or the link
 * they followed carries `utm_source` naming it (ChatGPT adds `utm_source=chatgpt.com` to the links
 * it shows). Only the assistant's name is kept, from this table: never the referring URL, nor any
 * `utm_source` the table does not know.
 */

/** The assistants' sites, by host (a `www.` in front is ignored), and the name each is counted as. */
export const AI_REFERRER_HOSTS: ReadonlyMap<string, string> = new Map([
  ['chatgpt.com', 'chatgpt'],
  ['chat.openai.com', 'chatgpt'],
  ['perplexity.ai', 'perplexity'],
  ['claude.ai', 'claude'],
  ['gemini.google.com', 'gemini'],
  ['bard.google.com', 'gemini'],
  ['copilot.microsoft.com', 'copilot'],
  ['copilot.cloud.microsoft', 'copilot'],
  ['chat.mistral.ai', 'mistral'],
  ['chat.deepseek.com', 'deepseek'],
  ['meta.ai', 'meta-ai'],
  ['grok.com', 'grok'],
  ['you.com', 'you'],
  ['phind.com', 'phind'],
  ['kagi.com', 'kagi'],
])

/** `utm_source` values naming an assistant (compared in lower case), and its name. */
export const AI_UTM_SOURCES: ReadonlyMap<string, string> = new Map([
  ['chatgpt.com', 'chatgpt'],
  ['chatgpt', 'chatgpt'],
  ['openai', 'chatgpt'],
  ['perplexity', 'perplexity'],
  ['perplexity.ai', 'perplexity'],
  ['claude', 'claude'],
  ['claude.ai', 'claude'],
  ['gemini', 'gemini'],
  ['gemini.google.com', 'gemini'],
  ['copilot', 'copilot'],
  ['copilot.microsoft.com', 'copilot'],
  ['mistral', 'mistral'],
  ['chat.mistral.ai', 'mistral'],
  ['deepseek', 'deepseek'],
  ['meta.ai', 'meta-ai'],
  ['grok', 'grok'],
  ['grok.com', 'grok'],
  ['you.com', 'you'],
  ['phind', 'phind'],
])

/** The longest `Referer` or query looked at: a huge one costs no more than this. */
const INPUT_MAX_LENGTH = 2048
const UTM_SOURCE = 'utm_source='
/** What ends a URL's host (`/`, `:`, `?`, `#`), as character codes. */
const HOST_ENDS: ReadonlySet<number> = new Set(
  [...'/:?#'].map((character) => character.charCodeAt(0)),
)

/** The assistant `referer` (a Referer header's value) comes from, or null. */
export function referringAssistant(referer: string | undefined): string | null {
  if (!referer) return null
  const text = referer.length > INPUT_MAX_LENGTH ? referer.slice(0, INPUT_MAX_LENGTH) : referer
  const scheme = text.indexOf('://')
  if (scheme === -1) return null
  const start = scheme + 3
  let end = start
  while (end < text.length && !HOST_ENDS.has(text.charCodeAt(end))) end += 1
  let host = text.slice(start, end).toLowerCase()
  if (host.includes('@')) return null
  if (host.startsWith('www.')) host = host.slice(4)
  return AI_REFERRER_HOSTS.get(host) ?? null
}

/** The assistant a request's `utm_source` names, from its target (path and query), or null. */
export function utmAssistant(target: string | undefined): string | null {
  if (!target) return null
  const queryAt = target.indexOf('?')
  if (queryAt === -1 || !target.includes(UTM_SOURCE, queryAt)) return null
  const query = target.slice(queryAt + 1, queryAt + 1 + INPUT_MAX_LENGTH)
  let source: string | null
  try {
    source = new URLSearchParams(query).get('utm_source')
  } catch {
    return null
  }
  return source ? (AI_UTM_SOURCES.get(source.trim().toLowerCase()) ?? null) : null
}
