import type { Payload, RequestContext } from 'payload'

import { SETTINGS_DEFAULTS, type SiteSettings } from '@/globals/defaults'
import { LOCALES, type Locale } from '@/i18n/locales'
import type { Home } from '@/payload-types'

type Outcome = 'created' | 'updated' | 'unchanged'

/** What the seed publishes on the home page, in one language. */
interface HomeCopy {
  hero: Omit<SiteSettings['hero'], 'imageId'> & { image: number }
  services: { heading: string; intro: string; items: { title: string; description: string }[] }
  proof: SiteSettings['proof']
  closing: SiteSettings['closing']
}

/**
 * The demo home page: every section filled, in every language, with the hero image. Its texts
 * are the defaults (what a fresh install shows), written out so the admin shows every structure
 * filled in, the services list included.
 */
function homeCopy(locale: Locale, heroImage: number): HomeCopy {
  const { hero, services, proof, closing } = SETTINGS_DEFAULTS[locale]
  return {
    hero: {
      heading: hero.heading,
      lede: hero.lede,
      ctaLabel: hero.ctaLabel,
      ctaLink: hero.ctaLink,
      image: heroImage,
    },
    services: {
      heading: services.heading,
      intro: services.intro,
      items: services.items.map(({ title, description }) => ({ title, description })),
    },
    proof: { heading: proof.heading, intro: proof.intro },
    closing: { ...closing },
  }
}

/** The published home page in one language, in the seed's shape. */
function publishedCopy(home: Partial<Home>): unknown {
  const image = home.hero?.image
  return {
    hero: {
      heading: home.hero?.heading,
      lede: home.hero?.lede,
      ctaLabel: home.hero?.ctaLabel,
      ctaLink: home.hero?.ctaLink,
      image: typeof image === 'object' && image !== null ? image.id : image,
    },
    services: {
      heading: home.services?.heading,
      intro: home.services?.intro,
      items: (home.services?.items ?? []).map(({ title, description }) => ({ title, description })),
    },
    proof: { heading: home.proof?.heading, intro: home.proof?.intro },
    closing: {
      heading: home.closing?.heading,
      text: home.closing?.text,
      ctaLabel: home.closing?.ctaLabel,
      ctaLink: home.closing?.ctaLink,
    },
  }
}

/**
 * Publishes the demo home page in every language where the published one differs from it (a
 * second run writes nothing). One outcome per language.
 */
export async function upsertHome(
  payload: Payload,
  heroImage: number,
  context: RequestContext,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  for (const locale of LOCALES) {
    const current = await payload.findGlobal({
      slug: 'home',
      locale,
      fallbackLocale: false,
      depth: 0,
      draft: false,
      overrideAccess: true,
    })
    const wanted = homeCopy(locale, heroImage)
    if (JSON.stringify(publishedCopy(current)) === JSON.stringify(wanted)) {
      outcomes.push('unchanged')
      continue
    }
    await payload.updateGlobal({
      slug: 'home',
      locale,
      data: { ...wanted, _status: 'published' },
      overrideAccess: true,
      context,
    })
    outcomes.push(current.updatedAt ? 'updated' : 'created')
  }
  return outcomes
}
