import { ContactPageGlobal } from './ContactPage'
import { HomeGlobal } from './Home'
import { NavigationGlobal } from './Navigation'
import { PrivacyPageGlobal } from './PrivacyPage'
import { SiteSettingsGlobal } from './SiteSettings'

/** The settings editors change without a deploy, in every language (src/site/settings.ts). */
export const SETTINGS_GLOBALS = [
  SiteSettingsGlobal,
  HomeGlobal,
  NavigationGlobal,
  ContactPageGlobal,
  PrivacyPageGlobal,
]

/** The page each global shows on, for live preview. */
export const SETTINGS_PREVIEW_PATH: Record<string, (locale: string) => string> = {
  'site-settings': (locale) => `/${locale}`,
  home: (locale) => `/${locale}`,
  navigation: (locale) => `/${locale}`,
  'contact-page': (locale) => `/${locale}/contact`,
  'privacy-page': (locale) => `/${locale}/privacy`,
}
