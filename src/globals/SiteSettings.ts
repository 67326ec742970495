import type { GlobalConfig } from 'payload'

import { SETTINGS_ACCESS, SETTINGS_VERSIONS } from './access'
import { localizedDefault, ORGANIZATION_DEFAULTS, SETTINGS_DEFAULTS } from './defaults'

/**
 * The firm as the site presents it: its name, one-line tagline and summary, and its JSON-LD facts.
 * The name is one in every language (a firm's name is not translated).
 */
export const SiteSettingsGlobal: GlobalConfig = {
  slug: 'site-settings',
  label: 'Site settings',
  admin: { group: 'Settings' },
  access: SETTINGS_ACCESS,
  versions: SETTINGS_VERSIONS,
  fields: [
    {
      name: 'siteName',
      label: 'Site name',
      type: 'text',
      required: true,
      defaultValue: SETTINGS_DEFAULTS.en.siteName,
      admin: {
        description:
          'The firm’s name, the same in every language: header, footer, page titles, feeds, llms.txt and mail.',
      },
    },
    {
      name: 'tagline',
      type: 'text',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.tagline),
    },
    {
      name: 'description',
      type: 'textarea',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.description),
      admin: { description: 'The site summary: page descriptions, llms.txt, JSON-LD.' },
    },
    {
      name: 'organization',
      type: 'group',
      admin: { description: 'Facts about the firm in the structured data (JSON-LD).' },
      fields: [
        { name: 'legalName', type: 'text', defaultValue: ORGANIZATION_DEFAULTS.legalName },
        { name: 'email', type: 'email' },
        {
          name: 'logo',
          type: 'text',
          required: true,
          defaultValue: ORGANIZATION_DEFAULTS.logo,
          admin: { description: 'A path on this site (/og-default.png) or an absolute URL.' },
        },
        {
          name: 'sameAs',
          type: 'array',
          admin: { description: 'Profiles elsewhere (LinkedIn, GitHub…).' },
          fields: [{ name: 'url', type: 'text', required: true }],
        },
      ],
    },
  ],
}
