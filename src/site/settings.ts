import 'server-only'

import { draftMode, headers } from 'next/headers'
import type { TypedUser } from 'payload'

import { SETTINGS_DEFAULTS, type SettingsLink, type SiteSettings } from '@/globals/defaults'
import { LOCALES, type Locale } from '@/i18n/locales'
import { signedInUser } from '@/lib/auth'
import { contentVersions, SETTINGS_KEY } from '@/lib/content-version'
import { getPayloadClient } from '@/lib/payload'
import { processSingleton } from '@/lib/process-singleton'
import type { AboutPage, ContactPage, Home, Navigation, SiteSetting } from '@/payload-types'

export type { SiteSettings, SettingsLink }

type AllSettings = Readonly<Record<Locale, SiteSettings>>

/** A text an editor left empty, or never saved in this language, reads as its default. */
const text = (value: string | null | undefined, fallback: string): string =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback

/** One language's settings from the four globals as read, defaults filling what is missing. */
export function settingsOf(
  locale: Locale,
  read: {
    site: Partial<SiteSetting>
    home: Partial<Home>
    navigation: Partial<Navigation>
    contact: Partial<ContactPage>
    about?: Partial<AboutPage>
  },
): SiteSettings {
  const defaults = SETTINGS_DEFAULTS[locale]
  const organization = read.site.organization
  const links = (read.navigation.headerLinks ?? []).filter(
    (link) => link.label?.trim() && link.href?.trim(),
  )
  const { hero, services, proof, closing } = read.home
  const principles = read.home.principles
  const principleItems = (principles?.items ?? []).filter(
    (item) => item.title?.trim() && item.line?.trim(),
  )
  const serviceItems = (services?.items ?? []).filter(
    (item) => item.title?.trim() && item.description?.trim(),
  )
  const heroImage = hero?.image
  return {
    siteName: text(read.site.siteName, defaults.siteName),
    tagline: text(read.site.tagline, defaults.tagline),
    description: text(read.site.description, defaults.description),
    organization: {
      legalName: organization?.legalName?.trim() ?? defaults.organization.legalName,
      email: organization?.email?.trim() ?? defaults.organization.email,
      logo: text(organization?.logo, defaults.organization.logo),
      sameAs: (organization?.sameAs ?? []).map((entry) => entry.url.trim()).filter(Boolean),
    },
    hero: {
      heading: text(hero?.heading, defaults.hero.heading),
      lede: text(hero?.lede, defaults.hero.lede),
      ctaLabel: text(hero?.ctaLabel, defaults.hero.ctaLabel),
      ctaLink: text(hero?.ctaLink, defaults.hero.ctaLink),
      // Read at depth 0: an id (a populated one, from a deeper read, gives its id too).
      imageId: typeof heroImage === 'number' ? heroImage : (heroImage?.id ?? defaults.hero.imageId),
    },
    services: {
      heading: text(services?.heading, defaults.services.heading),
      intro: text(services?.intro, defaults.services.intro),
      // A language that never saved its services (or emptied the list) shows the defaults: the
      // section is never an empty grid.
      items:
        serviceItems.length > 0
          ? serviceItems.map(({ title, description }) => ({ title, description }))
          : defaults.services.items,
    },
    proof: {
      heading: text(proof?.heading, defaults.proof.heading),
      intro: text(proof?.intro, defaults.proof.intro),
    },
    principles: {
      heading: text(principles?.heading, defaults.principles.heading),
      // As the services: a language that never saved its principles shows the defaults.
      items:
        principleItems.length > 0
          ? principleItems.map(({ title, line }) => ({ title, line }))
          : defaults.principles.items,
    },
    closing: {
      heading: text(closing?.heading, defaults.closing.heading),
      text: text(closing?.text, defaults.closing.text),
      ctaLabel: text(closing?.ctaLabel, defaults.closing.ctaLabel),
      ctaLink: text(closing?.ctaLink, defaults.closing.ctaLink),
    },
    navigation: {
      // A language whose links were never published (the list is required) reads the defaults.
      headerLinks:
        links.length > 0
          ? links.map(({ label, href }) => ({ label, href }))
          : defaults.navigation.headerLinks,
      footerText: text(read.navigation.footerText, defaults.navigation.footerText),
    },
    contact: {
      heading: text(read.contact.heading, defaults.contact.heading),
      intro: text(read.contact.intro, defaults.contact.intro),
    },
    aboutPage: text(read.about?.title, '') !== '',
  }
}

type ReadAs =
  { draft: false; overrideAccess: true } | { draft: true; overrideAccess: false; user: TypedUser }

/**
 * One language's globals. Without fallback to the default language: a text never saved in
 * Spanish reads as the Spanish default, not as the English text.
 */
async function readSettings(locale: Locale, readAs: ReadAs): Promise<SiteSettings> {
  const payload = await getPayloadClient()
  const options = { locale, fallbackLocale: false, depth: 0, ...readAs } as const
  const [site, home, navigation, contact, about] = await Promise.all([
    payload.findGlobal({ slug: 'site-settings', ...options }),
    payload.findGlobal({ slug: 'home', ...options }),
    payload.findGlobal({ slug: 'navigation', ...options }),
    payload.findGlobal({ slug: 'contact-page', ...options }),
    payload.findGlobal({ slug: 'about-page', ...options, select: { title: true } }),
  ])
  return settingsOf(locale, { site, home, navigation, contact, about })
}

/** The published settings (the globals' main tables: a saved draft is not there). */
const published = { draft: false, overrideAccess: true } as const

async function loadPublishedSettings(): Promise<AllSettings> {
  const entries = await Promise.all(
    LOCALES.map(async (locale) => [locale, await readSettings(locale, published)] as const),
  )
  return Object.fromEntries(entries) as Record<Locale, SiteSettings>
}

interface Held {
  stamp: number
  settings: Promise<AllSettings>
}

const holder = () => processSingleton<{ held?: Held }>('site-settings', () => ({}))

/**
 * The published settings in every language, read once per settings version (the `settings`
 * content-version key, advanced on every instance when a global is published) and kept in
 * memory: pages, twins and llms.txt read them without a query. While the change feed is down
 * there is no stamp, and every call reads anew.
 */
export async function publishedSettings(): Promise<AllSettings> {
  const versions = contentVersions()
  const held = holder()
  const cached = held.held
  if (cached && versions.isFresh([SETTINGS_KEY], cached.stamp)) return cached.settings
  // Taken before anything is read: a publish heard during the load makes what was read outdated.
  const stamp = versions.stamp()
  if (stamp === null) return loadPublishedSettings()
  const entry: Held = {
    stamp,
    settings: loadPublishedSettings().catch((error: unknown) => {
      if (held.held === entry) held.held = undefined
      throw error
    }),
  }
  held.held = entry
  return entry.settings
}

/**
 * The settings a page shows: the published ones, or, in draft preview (the admin's live preview)
 * for a signed-in editor, the latest drafts, read anew on every render.
 */
export async function pageSettings(locale: Locale): Promise<SiteSettings> {
  if ((await draftMode()).isEnabled) {
    const payload = await getPayloadClient()
    const user = await signedInUser(payload, { headers: new Headers(await headers()) })
    if (user) return readSettings(locale, { draft: true, overrideAccess: false, user })
  }
  return (await publishedSettings())[locale]
}
