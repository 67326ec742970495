import type { GlobalConfig } from 'payload'

import { DEFAULT_LOCALE, isLocale } from '@/i18n/locales'

import { SETTINGS_ACCESS, SETTINGS_VERSIONS } from './access'
import { PRIVACY_DEFAULTS, type PrivacyCopy } from './privacy-defaults'
import { ADMIN_WORDS } from '@/i18n/admin-text'

const privacyDefault =
  <K extends keyof PrivacyCopy>(key: K) =>
  ({ locale }: { locale?: string }): PrivacyCopy[K] =>
    PRIVACY_DEFAULTS[isLocale(locale) ? locale : DEFAULT_LOCALE][key]

/** The privacy page (`/{locale}/privacy`): its title and text, in every language. */
export const PrivacyPageGlobal: GlobalConfig = {
  slug: 'privacy-page',
  label: { en: 'Privacy page', es: 'Página de privacidad' },
  admin: { group: ADMIN_WORDS.settingsGroup },
  access: SETTINGS_ACCESS,
  versions: SETTINGS_VERSIONS,
  fields: [
    {
      name: 'title',
      label: ADMIN_WORDS.title,
      type: 'text',
      required: true,
      localized: true,
      defaultValue: privacyDefault('title'),
    },
    {
      name: 'body',
      label: { en: 'Text', es: 'Texto' },
      type: 'richText',
      localized: true,
      defaultValue: privacyDefault('body'),
      admin: {
        description: {
          en: 'What personal data the site collects, why, for how long, and rights.',
          es: 'Qué datos personales recoge el sitio, por qué, durante cuánto tiempo, y los derechos.',
        },
      },
    },
  ],
}
