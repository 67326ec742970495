import type { GlobalConfig } from 'payload'

import { SETTINGS_ACCESS, SETTINGS_VERSIONS } from './access'
import { localizedDefault } from './defaults'

/** The header's links and the footer's line after the copyright. */
export const NavigationGlobal: GlobalConfig = {
  slug: 'navigation',
  label: 'Navigation',
  admin: { group: 'Settings' },
  access: SETTINGS_ACCESS,
  versions: SETTINGS_VERSIONS,
  fields: [
    {
      name: 'headerLinks',
      type: 'array',
      required: true,
      minRows: 1,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.navigation.headerLinks),
      fields: [
        { name: 'label', type: 'text', required: true },
        {
          name: 'href',
          type: 'text',
          required: true,
          admin: { description: 'A path on this site (/es/blog) or an absolute URL.' },
        },
      ],
    },
    {
      name: 'footerText',
      type: 'text',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.navigation.footerText),
    },
  ],
}
