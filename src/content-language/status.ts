import type { Locale } from '@/i18n/locales'

/*
 * What the admin's status says, per content language. Payload stores one `_status` for a
 * document in every language (`experimental.localizeStatus` stays off: it would change how
 * `_status` is stored), so its own "Published" is true of the document, not of a language: a post
 * published in English and never translated is not shown on `/es`. The status here is the
 * project's listed rule (src/site/listed.ts) read for the language being edited: a post or case
 * study is shown in a language when it is published and has a title of its own there. Display
 * only: nothing is stored.
 *
 * A settings global the site reads published only, and a language it was never published in
 * reads as its default texts (src/globals/defaults.ts): before its first publish the site shows
 * those defaults, so "Draft" (as if nothing showed) would be untrue.
 */
export type ContentStatus = 'draft' | 'published' | 'changed' | 'notTranslated' | 'defaults'

export interface StatusFacts {
  /** A document (posts, case studies…) or a settings global. */
  kind: 'document' | 'global'
  /** The language being edited. */
  locale: Locale
  /** A published version exists (Payload's `hasPublishedDoc`). */
  hasPublished: boolean
  /** Saved changes newer than the published version (Payload's `unpublishedVersionCount`). */
  unpublishedChanges: number
  /**
   * The languages the current (published) state has a title of its own in, by the listed rule;
   * null where the rule does not apply (a collection without a title, a global).
   */
  titledIn: readonly Locale[] | null
}

export function contentStatus(facts: StatusFacts): ContentStatus {
  if (!facts.hasPublished) return facts.kind === 'global' ? 'defaults' : 'draft'
  if (facts.titledIn !== null && !facts.titledIn.includes(facts.locale)) return 'notTranslated'
  return facts.unpublishedChanges > 0 ? 'changed' : 'published'
}
