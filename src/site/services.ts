import 'server-only'

import { draftMode, headers } from 'next/headers'

import type { Locale } from '@/i18n/locales'
import { signedInUser } from '@/lib/auth'
import { getPayloadClient } from '@/lib/payload'
import type { Where } from 'payload'

import type { CaseStudy, Post, Service } from '@/payload-types'

import type { SiteDocument } from './content'
import { isServiceKey, type ServiceKey } from './service-keys'

/** A service as its card and its page show it, in one language. */
export interface SiteService {
  id: number
  key: ServiceKey
  title: string
  summary: string
  whatWeDo: string
  engagement: string
  caseStudies: SiteDocument[]
  posts: SiteDocument[]
  updatedAt: string
}

/** The most services any one read returns: the enum's values, one document each. */
const SERVICES_MAX = 50

/** A text with a character other than whitespace: the honest-translation rule (src/site/listed.ts). */
const titled = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /\S/.test(value)

/** A related document the page may show in `locale`: published and translated (its own title). */
function listedRelated(
  value: number | CaseStudy | Post | null | undefined,
): value is CaseStudy | Post {
  return (
    typeof value === 'object' &&
    value !== null &&
    value._status === 'published' &&
    titled(value.title)
  )
}

function siteService(doc: Service): SiteService | null {
  if (!isServiceKey(doc.key) || !titled(doc.title)) return null
  return {
    id: doc.id,
    key: doc.key,
    title: doc.title,
    summary: doc.summary ?? '',
    whatWeDo: doc.whatWeDo ?? '',
    engagement: doc.engagement ?? '',
    caseStudies: (doc.caseStudies ?? []).filter(listedRelated) as SiteDocument[],
    posts: (doc.posts ?? []).filter(listedRelated) as SiteDocument[],
    updatedAt: doc.updatedAt,
  }
}

/**
 * How this render reads: as the public does, or, in an editor's draft preview (live preview),
 * the latest drafts with that editor's access.
 */
async function readAs() {
  if ((await draftMode()).isEnabled) {
    const payload = await getPayloadClient()
    const user = await signedInUser(payload, { headers: new Headers(await headers()) })
    if (user) return { draft: true, overrideAccess: false, user } as const
  }
  return { draft: false, overrideAccess: false } as const
}

async function readServices(
  locale: Locale,
  where: Where,
  depth: number,
  as: Awaited<ReturnType<typeof readAs>> = { draft: false, overrideAccess: false },
): Promise<SiteService[]> {
  const payload = await getPayloadClient()
  const { docs } = await payload.find({
    collection: 'services',
    locale,
    // A text never written in this language is not the other language's (no fallback).
    fallbackLocale: false,
    where: as.draft ? where : { and: [where, { _status: { equals: 'published' } }] },
    sort: ['position', 'id'],
    depth,
    limit: SERVICES_MAX,
    pagination: false,
    ...as,
  })
  return docs.map(siteService).filter((service) => service !== null)
}

/**
 * The services listed in `locale` (published, translated), in their editors' order; with
 * `related`, each with the case studies and posts its page lists (llms-full.txt).
 */
export async function listedServices(
  locale: Locale,
  { preview = false, related = false }: { preview?: boolean; related?: boolean } = {},
): Promise<SiteService[]> {
  return readServices(locale, {}, related ? 1 : 0, preview ? await readAs() : undefined)
}

/** One service's page in `locale`, with its related case studies and posts; null when not listed. */
export async function serviceByKey(locale: Locale, key: string): Promise<SiteService | null> {
  if (!isServiceKey(key)) return null
  const [service] = await readServices(locale, { key: { equals: key } }, 1, await readAs())
  return service ?? null
}
