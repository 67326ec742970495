import 'server-only'

import { draftMode, headers } from 'next/headers'
import type { Where } from 'payload'

import { LOCALES, type Locale } from '@/i18n/locales'
import { signedInUser } from '@/lib/auth'
import { documentKey, listKey } from '@/lib/content-version'
import { getPayloadClient } from '@/lib/payload'
import { reportShown } from '@/lib/shown-content'
import type { AboutPage, ClientLogo, Media, TeamMember, Testimonial } from '@/payload-types'

import { publishedSettings } from './settings'

/*
 * What the About page, the home page's proof band and a case study's quote read: the
 * `about-page` global, the team, testimonials and client logos. Every read is without Payload's
 * locale fallback (the honest-translation rule, as src/site/listed.ts for documents): what was
 * never written in a language is not shown in it, never the English text. Anonymous reads see
 * published documents only (src/access/publishedOnly.ts); each read reports the list key it
 * depends on, so the response cache drops the page when one of them changes.
 */

/** How many featured quotes the home page's proof band shows. */
export const PROOF_QUOTES_MAX = 2
/** How many client logos it shows at most. */
export const PROOF_LOGOS_MAX = 8
/** Team members on the About page at most (a page, not a directory). */
const TEAM_MAX = 48

const hasText = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== ''

const richTextHasText = (value: unknown): boolean =>
  JSON.stringify(
    (value as { root?: { children?: unknown } } | null)?.root?.children ?? [],
  ).includes('"text":"')

/** A file populated at depth 1, or nothing (an id is a file anonymous callers may not read). */
export const mediaOf = (value: number | Media | null | undefined): Media | null =>
  typeof value === 'object' && value !== null ? value : null

/** The About page's copy in `locale`, or null when its title was never written in it. */
export interface AboutCopy {
  title: string
  intro: string | null
  story: AboutPage['story'] | null
  approach: AboutPage['approach'] | null
  values: { title: string; text: string | null }[]
  offices: { city: string; address: string | null; latitude: number; longitude: number }[]
}

/** The global as read, made the page's copy (exported for tests of the rule). */
export function aboutOf(read: Partial<AboutPage>): AboutCopy | null {
  if (!hasText(read.title)) return null
  return {
    title: read.title.trim(),
    intro: hasText(read.intro) ? read.intro : null,
    story: richTextHasText(read.story) ? (read.story ?? null) : null,
    approach: richTextHasText(read.approach) ? (read.approach ?? null) : null,
    values: (read.values ?? [])
      .filter((value) => hasText(value.title))
      .map((value) => ({ title: value.title, text: hasText(value.text) ? value.text : null })),
    offices: (read.offices ?? [])
      .filter((office) => hasText(office.city))
      .map((office) => ({
        city: office.city,
        address: hasText(office.address) ? office.address : null,
        latitude: office.latitude,
        longitude: office.longitude,
      })),
  }
}

/** Whether this render is a signed-in editor's draft preview (then drafts are read). */
async function previewUser() {
  if (!(await draftMode()).isEnabled) return null
  const payload = await getPayloadClient()
  return signedInUser(payload, { headers: new Headers(await headers()) })
}

/**
 * The About page in `locale`: the published global (its tables advance the `settings` key every
 * page depends on), or in a signed-in editor's draft preview, the draft.
 */
export async function aboutPage(locale: Locale): Promise<AboutCopy | null> {
  const payload = await getPayloadClient()
  const options = { slug: 'about-page', locale, fallbackLocale: false, depth: 0 } as const
  const user = await previewUser()
  const read = user
    ? await payload.findGlobal({ ...options, draft: true, overrideAccess: false, user })
    : await payload.findGlobal({ ...options, draft: false, overrideAccess: true })
  return aboutOf(read)
}

/** The published team in `locale`, in the editors' order: those with a role written in it. */
export async function teamMembers(locale: Locale): Promise<TeamMember[]> {
  const payload = await getPayloadClient()
  reportShown([listKey('team-members')])
  const { docs } = await payload.find({
    collection: 'team-members',
    locale,
    fallbackLocale: false,
    depth: 1,
    limit: TEAM_MAX,
    sort: ['order', 'name'],
    draft: false,
    overrideAccess: false,
    user: null,
    pagination: false,
  })
  return docs.filter((member) => hasText(member.role))
}

/** A document's author as its page shows it: a published team member, or none. */
export function authorOf(value: number | TeamMember | null | undefined): TeamMember | null {
  if (typeof value !== 'object' || value === null || !hasText(value.name)) return null
  // The page depends on the author's name and role from now on.
  reportShown([documentKey('team-members', value.id)])
  return value
}

/**
 * Published testimonials whose quote is written in `locale`, newest first, for the proof band or
 * case studies: at most `limit`, or all of them.
 */
async function testimonials(locale: Locale, where: Where, limit?: number): Promise<Testimonial[]> {
  const payload = await getPayloadClient()
  reportShown([listKey('testimonials')])
  const { docs } = await payload.find({
    collection: 'testimonials',
    locale,
    fallbackLocale: false,
    depth: 1,
    // More than shown: those not translated are left out afterwards.
    ...(limit === undefined ? { pagination: false } : { limit: limit * 4 }),
    sort: '-updatedAt',
    where: { and: [where, { quote: { exists: true } }] },
    draft: false,
    overrideAccess: false,
    user: null,
  })
  const translated = docs.filter((testimonial) => hasText(testimonial.quote))
  return limit === undefined ? translated : translated.slice(0, limit)
}

/** The home page's proof band: the featured quotes (newest first) and the featured logos. */
export async function proofBand(
  locale: Locale,
): Promise<{ quotes: Testimonial[]; logos: ClientLogo[] }> {
  const payload = await getPayloadClient()
  reportShown([listKey('client-logos')])
  const [quotes, logos] = await Promise.all([
    testimonials(locale, { featured: { equals: true } }, PROOF_QUOTES_MAX),
    payload.find({
      collection: 'client-logos',
      depth: 1,
      limit: PROOF_LOGOS_MAX,
      sort: ['order', 'name'],
      where: { featured: { equals: true } },
      draft: false,
      overrideAccess: false,
      user: null,
    }),
  ])
  return { quotes, logos: logos.docs.filter((logo) => mediaOf(logo.logo)?.url) }
}

/** The client's quote a case study's page shows: the newest linked to it, in `locale`. */
export async function caseStudyQuote(
  locale: Locale,
  caseStudyId: number,
): Promise<Testimonial | null> {
  const [quote] = await testimonials(locale, { caseStudy: { equals: caseStudyId } }, 1)
  return quote ?? null
}

/**
 * The client quote of each of `caseStudyIds` that shows one in `locale` (as `caseStudyQuote`
 * chooses it), in one read: for the files that hold many case studies' twins (llms-full.txt).
 */
export async function caseStudyQuotes(
  locale: Locale,
  caseStudyIds: readonly number[],
): Promise<Record<number, Testimonial>> {
  if (caseStudyIds.length === 0) return {}
  const quotes: Record<number, Testimonial> = {}
  // Newest first: each case study keeps the first of its own.
  for (const testimonial of await testimonials(locale, {
    caseStudy: { in: [...caseStudyIds] },
  })) {
    const linked = testimonial.caseStudy
    const id = typeof linked === 'object' && linked !== null ? linked.id : linked
    if (typeof id === 'number' && !(id in quotes)) quotes[id] = testimonial
  }
  return quotes
}

/**
 * The languages the published About page is written in (its title): where the sitemap, llms.txt
 * and the page's alternates list it. Read without draft mode, for surfaces outside a page.
 */
export async function publishedAboutLocales(): Promise<Locale[]> {
  const settings = await publishedSettings()
  return LOCALES.filter((locale) => settings[locale].aboutPage)
}
