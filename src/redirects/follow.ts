/**
 * Where a redirect's `to` leads once the site's own routing has had its say, read before the
 * redirect is saved: the front door's normal form (src/http/request-target.ts), what kind of path
 * it is (src/http/path-kind.ts) and the redirects already saved (by the same indexed lookup the
 * site answers with), never a request of the site to itself. A redirect is refused when it would
 * lead to its own page, into a loop of any length, or to an address that redirects on its own;
 * one that leads to another redirect goes straight to where that one ends (chains are one hop).
 */
import { readRedirectTarget, REDIRECT_HOPS_MAX, twinRedirectTarget } from './paths'

/** A saved redirect as the follow needs it. */
export interface SavedRedirect {
  id: number | string
  from: string
  to: string
}

/** The saved redirect from the normal path `from`, if there is one. */
export type RedirectFinder = (from: string) => Promise<SavedRedirect | undefined>

export type FollowedTarget =
  /** Where visitors end up: `to` itself, or the end of the chain it starts. */
  | { kind: 'end'; to: string }
  /** Not savable, and why, in words an editor acts on. */
  | { kind: 'refused'; message: string }

const refused = (message: string): FollowedTarget => ({ kind: 'refused', message })

/**
 * Follows `to` from the redirect whose normal `from` is `from` (null when `from` is not valid
 * yet: its own field says so). `self` is the redirect being edited: its saved row is about to
 * change, so it is never a step of the way.
 */
export async function followRedirectTarget(
  to: string,
  from: string | null,
  findFrom: RedirectFinder,
  self?: number | string,
): Promise<FollowedTarget> {
  const first = readRedirectTarget(to)
  if (first.kind === 'refused') return first
  if (first.key === from) {
    return refused(
      `A redirect cannot lead to its own path: ${to} is the same page as ${from}. Choose another page.`,
    )
  }
  // Each hop as a visitor takes it: a twin's redirect sends it to the twin of the next page.
  let current = first
  const passed = [first.key]
  for (let hops = 0; ; hops += 1) {
    const onward = await findFrom(current.key)
    // Ids compared as text: an id from the REST path is a string, the row's a number.
    if (onward === undefined || (self !== undefined && String(onward.id) === String(self))) break
    if (hops === REDIRECT_HOPS_MAX) {
      return refused(
        `${to} leads through more than ${REDIRECT_HOPS_MAX} redirects. Choose the page they end at.`,
      )
    }
    const next = readRedirectTarget(current.twin ? twinRedirectTarget(onward.to) : onward.to)
    if (next.kind === 'refused') {
      return refused(
        `${to} already redirects to ${onward.to}, which cannot be followed. Fix the redirect from ${onward.from} first.`,
      )
    }
    if (next.key === from) {
      const loop = [from, ...passed, from].join(' → ')
      return refused(
        `This redirect would loop: ${loop}. Change or delete one of those redirects first.`,
      )
    }
    if (passed.includes(next.key)) {
      const loop = [...passed, next.key].join(' → ')
      return refused(
        `${to} leads into redirects that loop: ${loop}. Change or delete one of those redirects first.`,
      )
    }
    passed.push(next.key)
    current = next
  }
  return { kind: 'end', to: current.to }
}
