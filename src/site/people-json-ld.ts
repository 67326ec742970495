import { env } from '@/env'
import type { Locale } from '@/i18n/locales'
import type { TeamMember } from '@/payload-types'

import { absoluteUrl } from './metadata'
import { paths } from './routes'

/*
 * The firm's people in JSON-LD: each team member a `Person` who works for the firm (its node id,
 * src/site/json-ld.ts), on the About page and as the `author` of a document. Testimonials are not
 * marked up (no `Review`: a firm's quotes about itself are not reviews search engines accept).
 */

/** The firm's node id, as src/site/json-ld.ts names it (not imported: that module imports this). */
const organizationRef = () => ({ '@id': `${env.SITE_URL}/#organization` })

/** A team member's node id: their place on the About page. */
export const personId = (locale: Locale, member: Pick<TeamMember, 'id'>): string =>
  `${absoluteUrl(paths.about(locale))}#person-${member.id}`

/** A team member as a `Person` node (no `@context`). */
export function personNode(member: TeamMember, locale: Locale) {
  const photo = typeof member.photo === 'object' && member.photo !== null ? member.photo : null
  const image = photo?.url
    ? /^https?:\/\//.test(photo.url)
      ? photo.url
      : absoluteUrl(photo.url)
    : undefined
  return {
    '@type': 'Person',
    '@id': personId(locale, member),
    name: member.name,
    ...(member.role ? { jobTitle: member.role } : {}),
    ...(member.bio ? { description: member.bio } : {}),
    ...(image ? { image } : {}),
    ...(member.profileUrl ? { sameAs: [member.profileUrl] } : {}),
    worksFor: organizationRef(),
  }
}

/** A document's author as a `Person`, or undefined when it names no (readable) team member. */
export function authorNode(
  author: number | TeamMember | null | undefined,
  locale: Locale,
): ReturnType<typeof personNode> | undefined {
  if (typeof author !== 'object' || author === null || !author.name) return undefined
  return personNode(author, locale)
}
