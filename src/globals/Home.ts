import type { GlobalConfig } from 'payload'

import { SETTINGS_ACCESS, SETTINGS_VERSIONS } from './access'
import { localizedDefault } from './defaults'

/** The home page's hero: heading, lede and the call to action. */
export const HomeGlobal: GlobalConfig = {
  slug: 'home',
  label: 'Home page',
  admin: { group: 'Settings' },
  access: SETTINGS_ACCESS,
  versions: SETTINGS_VERSIONS,
  fields: [
    {
      name: 'hero',
      type: 'group',
      fields: [
        {
          name: 'heading',
          type: 'text',
          required: true,
          localized: true,
          defaultValue: localizedDefault((settings) => settings.hero.heading),
        },
        {
          name: 'lede',
          type: 'textarea',
          required: true,
          localized: true,
          defaultValue: localizedDefault((settings) => settings.hero.lede),
        },
        {
          name: 'ctaLabel',
          type: 'text',
          required: true,
          localized: true,
          defaultValue: localizedDefault((settings) => settings.hero.ctaLabel),
        },
        {
          name: 'ctaLink',
          type: 'text',
          required: true,
          localized: true,
          defaultValue: localizedDefault((settings) => settings.hero.ctaLink),
          admin: { description: 'A path on this site (/es/contact) or an absolute URL.' },
        },
      ],
    },
  ],
}
