import type { GlobalConfig } from 'payload'

import { SETTINGS_ACCESS, SETTINGS_VERSIONS } from './access'
import { localizedDefault } from './defaults'

/** The contact page's heading and the copy above the form (the form's labels stay in code). */
export const ContactPageGlobal: GlobalConfig = {
  slug: 'contact-page',
  label: 'Contact page',
  admin: { group: 'Settings' },
  access: SETTINGS_ACCESS,
  versions: SETTINGS_VERSIONS,
  fields: [
    {
      name: 'heading',
      type: 'text',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.contact.heading),
    },
    {
      name: 'intro',
      type: 'textarea',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.contact.intro),
    },
  ],
}
