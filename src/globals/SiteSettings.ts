import type { GlobalConfig } from 'payload'

import { SETTINGS_ACCESS, SETTINGS_VERSIONS } from './access'
import { localizedDefault, ORGANIZATION_DEFAULTS, SETTINGS_DEFAULTS } from './defaults'
import { ADMIN_WORDS } from '@/i18n/admin-text'

/**
 * The firm as the site presents it: its name, one-line tagline and summary, and its JSON-LD facts.
 * The name is one in every language (a firm's name is not translated).
 */
export const SiteSettingsGlobal: GlobalConfig = {
  slug: 'site-settings',
  label: { en: 'Site settings', es: 'Ajustes del sitio' },
  admin: { group: ADMIN_WORDS.settingsGroup },
  access: SETTINGS_ACCESS,
  versions: SETTINGS_VERSIONS,
  fields: [
    {
      name: 'siteName',
      label: { en: 'Site name', es: 'Nombre del sitio' },
      type: 'text',
      required: true,
      defaultValue: SETTINGS_DEFAULTS.en.siteName,
      admin: {
        description: {
          en: 'The firm’s name, the same in every language: header, footer, page titles, feeds, llms.txt and mail.',
          es: 'El nombre de la firma, el mismo en todos los idiomas: cabecera, pie, títulos de página, feeds, llms.txt y correo.',
        },
      },
    },
    {
      name: 'tagline',
      label: { en: 'Tagline', es: 'Lema' },
      type: 'text',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.tagline),
    },
    {
      name: 'description',
      label: ADMIN_WORDS.description,
      type: 'textarea',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings.description),
      admin: {
        description: {
          en: 'The site summary: page descriptions, llms.txt, JSON-LD.',
          es: 'El resumen del sitio: descripciones de página, llms.txt, JSON-LD.',
        },
      },
    },
    {
      name: 'organization',
      label: { en: 'Organization', es: 'Organización' },
      type: 'group',
      admin: {
        description: {
          en: 'Facts about the firm in the structured data (JSON-LD).',
          es: 'Datos de la firma en los datos estructurados (JSON-LD).',
        },
      },
      fields: [
        {
          name: 'legalName',
          label: { en: 'Legal name', es: 'Razón social' },
          type: 'text',
          defaultValue: ORGANIZATION_DEFAULTS.legalName,
        },
        { name: 'email', label: ADMIN_WORDS.email, type: 'email' },
        {
          name: 'logo',
          label: { en: 'Logo', es: 'Logotipo' },
          type: 'text',
          required: true,
          defaultValue: ORGANIZATION_DEFAULTS.logo,
          admin: {
            description: {
              en: 'A path on this site (/og-default.png) or an absolute URL.',
              es: 'Una ruta de este sitio (/og-default.png) o una URL absoluta.',
            },
          },
        },
        {
          name: 'sameAs',
          label: { en: 'Profiles elsewhere', es: 'Perfiles en otros sitios' },
          labels: {
            singular: { en: 'Profile', es: 'Perfil' },
            plural: { en: 'Profiles', es: 'Perfiles' },
          },
          type: 'array',
          admin: {
            description: {
              en: 'Profiles elsewhere (LinkedIn, GitHub…).',
              es: 'Perfiles en otros sitios (LinkedIn, GitHub…).',
            },
          },
          fields: [{ name: 'url', label: ADMIN_WORDS.url, type: 'text', required: true }],
        },
      ],
    },
  ],
}
