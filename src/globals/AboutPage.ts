import type { GlobalConfig } from 'payload'

import { SETTINGS_ACCESS, SETTINGS_VERSIONS } from './access'
import { ADMIN_WORDS } from '@/i18n/admin-text'

/** Bounds of a map's coordinates, as the office map reads them (degrees). */
const LATITUDE_MAX = 90
const LONGITUDE_MAX = 180

/**
 * The About page (`/{locale}/about`): the firm's story and approach, its values, its offices (a
 * map is drawn from their coordinates, src/site/office-map.ts). The team is the `team-members`
 * collection. A language whose title was never written has no About page (the honest-translation
 * rule: `/es/about` is a 404 until it is translated, never the English text).
 */
export const AboutPageGlobal: GlobalConfig = {
  slug: 'about-page',
  label: { en: 'About page', es: 'Página «Sobre nosotros»' },
  admin: { group: ADMIN_WORDS.settingsGroup },
  access: SETTINGS_ACCESS,
  versions: SETTINGS_VERSIONS,
  fields: [
    {
      name: 'title',
      label: { en: 'Title', es: 'Título' },
      type: 'text',
      localized: true,
      admin: {
        description: {
          en: 'Without a title in a language, the page is not shown in it.',
          es: 'Sin título en un idioma, la página no se muestra en él.',
        },
      },
    },
    {
      name: 'intro',
      label: { en: 'Introduction', es: 'Introducción' },
      type: 'textarea',
      localized: true,
      maxLength: 400,
    },
    {
      name: 'story',
      label: { en: 'Our story', es: 'Nuestra historia' },
      type: 'richText',
      localized: true,
    },
    {
      name: 'approach',
      label: { en: 'How we work', es: 'Cómo trabajamos' },
      type: 'richText',
      localized: true,
    },
    {
      name: 'values',
      label: { en: 'Values', es: 'Valores' },
      labels: { singular: { en: 'Value', es: 'Valor' }, plural: { en: 'Values', es: 'Valores' } },
      type: 'array',
      localized: true,
      maxRows: 8,
      fields: [
        {
          name: 'title',
          label: { en: 'Title', es: 'Título' },
          type: 'text',
          required: true,
        },
        {
          name: 'text',
          label: { en: 'Text', es: 'Texto' },
          type: 'textarea',
          maxLength: 400,
        },
      ],
    },
    {
      name: 'offices',
      label: { en: 'Offices', es: 'Oficinas' },
      labels: {
        singular: { en: 'Office', es: 'Oficina' },
        plural: { en: 'Offices', es: 'Oficinas' },
      },
      type: 'array',
      localized: true,
      maxRows: 6,
      fields: [
        {
          name: 'city',
          label: { en: 'City', es: 'Ciudad' },
          type: 'text',
          required: true,
        },
        {
          name: 'address',
          label: { en: 'Address', es: 'Dirección' },
          type: 'textarea',
          maxLength: 300,
        },
        {
          type: 'row',
          fields: [
            {
              name: 'latitude',
              label: { en: 'Latitude', es: 'Latitud' },
              type: 'number',
              required: true,
              min: -LATITUDE_MAX,
              max: LATITUDE_MAX,
              admin: { width: '50%', step: 0.0001 },
            },
            {
              name: 'longitude',
              label: { en: 'Longitude', es: 'Longitud' },
              type: 'number',
              required: true,
              min: -LONGITUDE_MAX,
              max: LONGITUDE_MAX,
              admin: { width: '50%', step: 0.0001 },
            },
          ],
        },
      ],
    },
  ],
}
