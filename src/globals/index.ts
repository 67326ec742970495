import type { GlobalConfig } from 'payload'

import { isLocale } from '@/i18n/locales'
import { paths } from '@/site/routes'
import { announceSettings } from '@/webhooks/hooks'

import { AboutPageGlobal } from './AboutPage'
import { AgentAccessGlobal } from './AgentAccess'
import { ContactPageGlobal } from './ContactPage'
import { HomeGlobal } from './Home'
import { NavigationGlobal } from './Navigation'
import { PrivacyPageGlobal } from './PrivacyPage'
import { saveWithoutFallback } from './save-without-fallback'
import { SiteSettingsGlobal } from './SiteSettings'

/**
 * The settings editors change without a deploy, in every language (src/site/settings.ts). Each
 * publish is a `settings.published` webhook event, naming the page it shows on. A save reads the
 * saved copy without falling back to another language (src/globals/save-without-fallback.ts).
 */
export const SETTINGS_GLOBALS: GlobalConfig[] = [
  SiteSettingsGlobal,
  HomeGlobal,
  NavigationGlobal,
  ContactPageGlobal,
  PrivacyPageGlobal,
  AboutPageGlobal,
  // No drafts: its saves are no `settings.published` events, and it shows on no page.
  AgentAccessGlobal,
].map((global) => ({
  ...global,
  hooks: {
    ...global.hooks,
    beforeOperation: [saveWithoutFallback, ...(global.hooks?.beforeOperation ?? [])],
    afterChange: [
      ...(global.hooks?.afterChange ?? []),
      announceSettings((locale) => SETTINGS_PREVIEW_PATH[global.slug]?.(locale) ?? `/${locale}`),
    ],
  },
}))

/** The page each global shows on, for live preview. */
export const SETTINGS_PREVIEW_PATH: Record<string, (locale: string) => string> = {
  'site-settings': (locale) => `/${locale}`,
  home: (locale) => `/${locale}`,
  navigation: (locale) => `/${locale}`,
  'contact-page': (locale) => `/${locale}/contact`,
  'privacy-page': (locale) => `/${locale}/privacy`,
  'about-page': (locale) => (isLocale(locale) ? paths.about(locale) : `/${locale}`),
}
