import type { GlobalConfig } from 'payload'

import { SETTINGS_ACCESS, SETTINGS_VERSIONS } from './access'
import { localizedDefault } from './defaults'
import { ADMIN_WORDS } from '@/i18n/admin-text'

/** The header's links and the footer's line after the copyright. */
export const NavigationGlobal: GlobalConfig = {
  slug: 'navigation',
  label: { en: 'Navigation', es: 'Navegación' },
  admin: { group: ADMIN_WORDS.settingsGroup },
  access: SETTINGS_ACCESS,
  versions: SETTINGS_VERSIONS,
  fields: [
    {
      name: 'headerLinks',
      label: { en: 'Header links', es: 'Enlaces de la cabecera' },
      labels: {
        singular: { en: 'Header link', es: 'Enlace de la cabecera' },
        plural: { en: 'Header links', es: 'Enlaces de la cabecera' },
      },
      type: 'array',
      required: true,
      minRows: 1,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.navigation.headerLinks),
      fields: [
        { name: 'label', label: { en: 'Label', es: 'Texto' }, type: 'text', required: true },
        {
          name: 'href',
          label: { en: 'Link', es: 'Enlace' },
          type: 'text',
          required: true,
          admin: {
            description: {
              en: 'A path on this site (/es/blog) or an absolute URL.',
              es: 'Una ruta de este sitio (/es/blog) o una URL absoluta.',
            },
          },
        },
      ],
    },
    {
      name: 'footerText',
      label: { en: 'Footer text', es: 'Texto del pie de página' },
      type: 'text',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.navigation.footerText),
    },
  ],
}
