import type { Channel } from '@/audience/channels'
import type { GroupStatement, RobotsStatement } from '@/site/robots'

import {
  accessVerdict,
  allowsPurpose,
  purposeOfChannel,
  PURPOSES,
  type AccessPolicy,
  type CrawlerOverride,
  type Purpose,
} from './access-policy'

/**
 * The agent access policy in the two vocabularies crawlers read, one mapping for every surface:
 * - Cloudflare's Content Signals (`Content-Signal: search=yes, ai-input=no, ai-train=no`), in
 *   robots.txt: its three words are the policy's three purposes, one for one;
 * - the IETF AI Preferences drafts (aipref): the attachment draft's `Content-Usage` robots.txt
 *   rule (`Content-Usage: / train-ai=n, search=y`) and HTTP header field (a structured-field
 *   dictionary, `train-ai=n, search=y`), in the vocabulary draft's labels. That vocabulary has
 *   no label for AI answers (ai-input): it is stated by Content-Signal and in words only.
 */

/** The drafts written to, pinned: a later revision may rename labels or change their meaning. */
export const AIPREF_DRAFTS = {
  attach: { name: 'draft-ietf-aipref-attach-05', date: '2026-08-19' },
  vocab: { name: 'draft-ietf-aipref-vocab-05', date: '2025-12-01' },
} as const

/** Each purpose's Content Signals key (the same words as the policy's purposes). */
const CONTENT_SIGNAL_KEYS: Record<Purpose, string> = {
  search: 'search',
  'ai-input': 'ai-input',
  'ai-train': 'ai-train',
}

/** Each purpose's aipref vocabulary label, where the pinned vocabulary has one. */
const AIPREF_LABELS: Partial<Record<Purpose, string>> = {
  'ai-train': 'train-ai',
  search: 'search',
}

/** The aipref labels in the order they are written: training first, as the drafts' examples. */
const AIPREF_ORDER: readonly Purpose[] = ['ai-train', 'search']

/** `search=yes, ai-input=no, ai-train=no`: Content Signals' value for these choices. */
export function contentSignalValue(allow: Readonly<Record<Purpose, boolean>>): string {
  return PURPOSES.map(
    (purpose) => `${CONTENT_SIGNAL_KEYS[purpose]}=${allow[purpose] ? 'yes' : 'no'}`,
  ).join(', ')
}

/** `train-ai=n, search=y`: the aipref preference (a structured-field dictionary of tokens). */
export function contentUsageValue(allow: Readonly<Record<Purpose, boolean>>): string {
  return AIPREF_ORDER.map(
    (purpose) => `${AIPREF_LABELS[purpose]}=${allow[purpose] ? 'y' : 'n'}`,
  ).join(', ')
}

/** The choices in force for `agent` (its override's where it has one, else the site's). */
export function choicesFor(policy: AccessPolicy, agent = ''): Record<Purpose, boolean> {
  return {
    search: allowsPurpose(policy, 'search', agent),
    'ai-input': allowsPurpose(policy, 'ai-input', agent),
    'ai-train': allowsPurpose(policy, 'ai-train', agent),
  }
}

/** The preference lines of a group whose crawler may crawl, with these choices. */
function preferenceLines(allow: Readonly<Record<Purpose, boolean>>): string[] {
  return [
    `Content-Signal: ${contentSignalValue(allow)}`,
    `Content-Usage: / ${contentUsageValue(allow)}`,
  ]
}

/**
 * Whether robots.txt disallows crawling to the crawler of `override` in `channel` (its channel in
 * the agent table). Refusing a purpose is a statement, not a wall: a crawler is disallowed only
 * when its requests are refused (403, the verdict), or when its override refuses everything it
 * does — the purpose its channel serves, or all three for a crawler that serves none of them.
 */
export function disallowsCrawling(
  policy: AccessPolicy,
  override: CrawlerOverride,
  channel: Channel,
): boolean {
  if (accessVerdict(policy, channel, override.agent) === 'refused') return true
  const served = purposeOfChannel(channel)
  const purposes = served === undefined ? PURPOSES : [served]
  return purposes.every((purpose) => override.allow[purpose] === false)
}

/** What robots.txt's comments say of its preference lines: the vocabularies and drafts. */
export const ROBOTS_COMMENTS: readonly string[] = [
  'Content-Signal: Content Signals (https://contentsignals.org/): search, ai-input, ai-train = yes or no.',
  `Content-Usage: ${AIPREF_DRAFTS.attach.name} (${AIPREF_DRAFTS.attach.date}), labels of ${AIPREF_DRAFTS.vocab.name} (${AIPREF_DRAFTS.vocab.date}).`,
]

/**
 * The policy as robots.txt states it. Every crawler an override names gets a group of its own
 * when its override decides something (a purpose, or refusing its requests): RFC 9309 has a
 * crawler with a group of its own ignore the `*` group, so the group repeats the site's crawl
 * rules (robots.ts) with its own preferences, or disallows everything (`disallowsCrawling`).
 * The `*` group states the site's choices once it refuses something: while everything is allowed
 * (a fresh install) robots.txt holds the standard records only, which every validator reads as
 * valid (Lighthouse's SEO audit calls any other line an error); the `Content-Usage` header says
 * `y` on every response all the same. `channelOf` gives a named agent's channel (the agent table).
 */
export function robotsStatement(
  policy: AccessPolicy,
  channelOf: (agent: string) => Channel | undefined,
): RobotsStatement {
  const crawlers: (GroupStatement & { agent: string })[] = []
  for (const override of policy.crawlers) {
    const decides = override.refuseRequests || PURPOSES.some((p) => override.allow[p] !== undefined)
    if (!decides) continue
    const channel = channelOf(override.agent) ?? 'other-bot'
    const disallowAll = disallowsCrawling(policy, override, channel)
    crawlers.push({
      agent: override.agent,
      disallowAll,
      lines: disallowAll ? [] : preferenceLines(choicesFor(policy, override.agent)),
    })
  }
  const restricts = PURPOSES.some((purpose) => !policy.allow[purpose])
  const everyone = restricts ? preferenceLines(policy.allow) : []
  const stated = everyone.length > 0 || crawlers.some((crawler) => crawler.lines.length > 0)
  return {
    comments: stated ? ROBOTS_COMMENTS : [],
    everyone: { lines: everyone, disallowAll: false },
    crawlers,
  }
}

/** The headers every response stating the policy carries (never varying with the caller). */
export interface UsageHeaders {
  /** `Content-Usage`: the site's aipref preference. */
  contentUsage: string
  /**
   * `X-Robots-Tag` lines, only where search is refused: `noindex` when the site refuses it, else
   * `<crawler>: noindex` for each crawler whose override refuses it (the header's own way of
   * naming a crawler, so the response stays the same for every caller); none while search is
   * allowed to all.
   */
  robotsTags: string[]
}

export function usageHeaders(policy: AccessPolicy): UsageHeaders {
  return {
    contentUsage: contentUsageValue(policy.allow),
    robotsTags: !policy.allow.search
      ? ['noindex']
      : policy.crawlers
          .filter((crawler) => crawler.allow.search === false)
          .map((crawler) => `${crawler.agent}: noindex`),
  }
}

const PURPOSE_WORDS: Record<Purpose, string> = {
  search: 'search indexing',
  'ai-input': 'AI answers (an assistant reading a page to answer a question)',
  'ai-train': 'AI training',
}

/**
 * The policy in words, for llms.txt and the MCP server card: what is allowed, what is refused,
 * each crawler's exceptions, and where the machine-readable statement is.
 */
export function policyInWords(policy: AccessPolicy, robotsUrl: string): string {
  const allowed = PURPOSES.filter((purpose) => policy.allow[purpose])
  const refused = PURPOSES.filter((purpose) => !policy.allow[purpose])
  const list = (purposes: readonly Purpose[]) => purposes.map((p) => PURPOSE_WORDS[p]).join(', ')
  const sentences = [
    refused.length === 0
      ? `The site allows ${list(allowed)}.`
      : allowed.length === 0
        ? `The site refuses ${list(refused)}.`
        : `The site allows ${list(allowed)}; it refuses ${list(refused)}.`,
  ]
  for (const override of policy.crawlers) {
    const own = PURPOSES.filter((p) => override.allow[p] !== undefined)
    const parts = own.map((p) => `${override.allow[p] ? 'allows' : 'refuses'} ${PURPOSE_WORDS[p]}`)
    if (override.refuseRequests) parts.push('refuses its requests')
    if (parts.length > 0) sentences.push(`For ${override.agent} it ${parts.join(', ')}.`)
  }
  sentences.push(
    `${robotsUrl} states this as Content-Signal and Content-Usage (${AIPREF_DRAFTS.attach.name}); ` +
      'pages, markdown twins, llms.txt, the MCP server card and media files carry a Content-Usage header.',
  )
  return sentences.join(' ')
}
