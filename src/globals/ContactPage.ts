import type { GlobalConfig } from 'payload'

import { SETTINGS_ACCESS, SETTINGS_VERSIONS } from './access'
import { localizedDefault } from './defaults'
import { ADMIN_WORDS } from '@/i18n/admin-text'

/** The contact page's heading and the copy above the form (the form's labels stay in code). */
export const ContactPageGlobal: GlobalConfig = {
  slug: 'contact-page',
  label: { en: 'Contact page', es: 'Página de contacto' },
  admin: { group: ADMIN_WORDS.settingsGroup },
  access: SETTINGS_ACCESS,
  versions: SETTINGS_VERSIONS,
  fields: [
    {
      name: 'heading',
      label: ADMIN_WORDS.heading,
      type: 'text',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.contact.heading),
    },
    {
      name: 'intro',
      label: ADMIN_WORDS.intro,
      type: 'textarea',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.contact.intro),
    },
  ],
}
