import type { Field, GlobalConfig } from 'payload'

import { SETTINGS_ACCESS, SETTINGS_VERSIONS } from './access'
import { localizedDefault, MAX_HOME_PRINCIPLES, MAX_HOME_SERVICES } from './defaults'
import { ADMIN_WORDS, type AdminText } from '@/i18n/admin-text'

const LINK_DESCRIPTION: AdminText = {
  en: 'A path on this site (/es/contact) or an absolute URL.',
  es: 'Una ruta de este sitio (/es/contact) o una URL absoluta.',
}

/** A section's heading and the optional sentence under it, per language, with their defaults. */
const headingAndIntro = (section: 'services' | 'proof'): Field[] => [
  {
    name: 'heading',
    label: ADMIN_WORDS.heading,
    type: 'text',
    required: true,
    localized: true,
    defaultValue: localizedDefault((settings) => settings[section].heading),
  },
  {
    name: 'intro',
    label: ADMIN_WORDS.intro,
    type: 'textarea',
    localized: true,
    defaultValue: localizedDefault((settings) => settings[section].intro),
    admin: {
      description: {
        en: 'A sentence under the heading (optional).',
        es: 'Una frase bajo el encabezado (opcional).',
      },
    },
  },
]

/** A section's button, side by side: its label and where it leads, per language. */
const callToAction = (section: 'hero' | 'closing'): Field => ({
  type: 'row',
  fields: [
    {
      name: 'ctaLabel',
      label: { en: 'Button label', es: 'Texto del botón' },
      type: 'text',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings[section].ctaLabel),
    },
    {
      name: 'ctaLink',
      label: { en: 'Button link', es: 'Enlace del botón' },
      type: 'text',
      required: true,
      localized: true,
      defaultValue: localizedDefault((settings) => settings[section].ctaLink),
      admin: { description: LINK_DESCRIPTION },
    },
  ],
})

/**
 * The home page, top to bottom: the hero, the services, the proof (featured case studies with
 * their headline result) and the closing call to action. One tab per section; every text is
 * per language, and what a language never saved reads as its default (src/globals/defaults.ts).
 */
export const HomeGlobal: GlobalConfig = {
  slug: 'home',
  label: { en: 'Home page', es: 'Página de inicio' },
  admin: {
    group: ADMIN_WORDS.settingsGroup,
    description: {
      en: 'The home page, section by section. Publish to show your changes on the site.',
      es: 'La página de inicio, sección por sección. Publica para mostrar tus cambios en el sitio.',
    },
  },
  access: SETTINGS_ACCESS,
  versions: SETTINGS_VERSIONS,
  fields: [
    {
      type: 'tabs',
      tabs: [
        {
          // Named: its fields are stored as the `hero` group they always were.
          name: 'hero',
          label: { en: 'Hero', es: 'Portada' },
          description: {
            en: 'The top of the page: what the firm does, in one sentence, and one action.',
            es: 'La parte superior de la página: qué hace la firma, en una frase, y una acción.',
          },
          fields: [
            {
              name: 'heading',
              label: ADMIN_WORDS.heading,
              type: 'text',
              required: true,
              localized: true,
              defaultValue: localizedDefault((settings) => settings.hero.heading),
              admin: {
                description: {
                  en: 'The page’s main heading.',
                  es: 'El encabezado principal de la página.',
                },
              },
            },
            {
              name: 'lede',
              label: { en: 'Lede', es: 'Entradilla' },
              type: 'textarea',
              required: true,
              localized: true,
              defaultValue: localizedDefault((settings) => settings.hero.lede),
              admin: {
                description: {
                  en: 'One or two sentences under the heading.',
                  es: 'Una o dos frases bajo el encabezado.',
                },
              },
            },
            callToAction('hero'),
            {
              name: 'image',
              label: { en: 'Image', es: 'Imagen' },
              type: 'upload',
              relationTo: 'media',
              admin: {
                description: {
                  en: 'Optional, the same in every language. Shown beside the text at its own size, never enlarged: upload one at least 1200 px wide. Its alt text (per language) is the media item’s.',
                  es: 'Opcional, la misma en todos los idiomas. Se muestra junto al texto a su propio tamaño, nunca ampliada: sube una de al menos 1200 px de ancho. Su texto alternativo (por idioma) es el del elemento multimedia.',
                },
              },
            },
          ],
        },
        {
          name: 'services',
          label: { en: 'Services', es: 'Servicios' },
          description: {
            en: 'What the firm offers, as a grid of short cards.',
            es: 'Lo que ofrece la firma, como una cuadrícula de tarjetas breves.',
          },
          fields: [
            ...headingAndIntro('services'),
            {
              name: 'items',
              label: { en: 'Services', es: 'Servicios' },
              labels: {
                singular: { en: 'Service', es: 'Servicio' },
                plural: { en: 'Services', es: 'Servicios' },
              },
              type: 'array',
              localized: true,
              maxRows: MAX_HOME_SERVICES,
              defaultValue: localizedDefault((settings) => settings.services.items),
              admin: {
                description: {
                  en: `Up to ${MAX_HOME_SERVICES}, in the order shown. A language without any shows the default services.`,
                  es: `Hasta ${MAX_HOME_SERVICES}, en el orden en que se muestran. Un idioma sin ninguno muestra los servicios predeterminados.`,
                },
              },
              fields: [
                { name: 'title', label: ADMIN_WORDS.title, type: 'text', required: true },
                {
                  name: 'description',
                  label: ADMIN_WORDS.description,
                  type: 'textarea',
                  required: true,
                  admin: { description: { en: 'One or two sentences.', es: 'Una o dos frases.' } },
                },
              ],
            },
          ],
        },
        {
          name: 'principles',
          label: { en: 'How we work', es: 'Cómo trabajamos' },
          description: {
            en: 'How the firm works: three principles, one line each.',
            es: 'Cómo trabaja la firma: tres principios, una línea cada uno.',
          },
          fields: [
            {
              name: 'heading',
              label: { en: 'Heading', es: 'Encabezado' },
              type: 'text',
              // Not required: a language that never saved it (the home page published before
              // this tab existed) reads the default heading (src/site/settings.ts).
              localized: true,
              defaultValue: localizedDefault((settings) => settings.principles.heading),
            },
            {
              name: 'items',
              label: { en: 'Principles', es: 'Principios' },
              labels: {
                singular: { en: 'Principle', es: 'Principio' },
                plural: { en: 'Principles', es: 'Principios' },
              },
              type: 'array',
              localized: true,
              maxRows: MAX_HOME_PRINCIPLES,
              defaultValue: localizedDefault((settings) => settings.principles.items),
              admin: {
                description: {
                  en: `Up to ${MAX_HOME_PRINCIPLES}, in the order shown. A language without any shows the default principles.`,
                  es: `Hasta ${MAX_HOME_PRINCIPLES}, en el orden en que se muestran. Un idioma sin ninguno muestra los principios por defecto.`,
                },
              },
              fields: [
                {
                  name: 'title',
                  label: { en: 'Principle', es: 'Principio' },
                  type: 'text',
                  required: true,
                  maxLength: 80,
                },
                {
                  name: 'line',
                  label: { en: 'One line', es: 'Una línea' },
                  type: 'text',
                  required: true,
                  maxLength: 200,
                },
              ],
            },
          ],
        },
        {
          name: 'proof',
          label: { en: 'Proof', es: 'Casos destacados' },
          description: {
            en: 'Featured case studies (tick “featured” on a case study), newest first, each with its first key result. Without any featured, the newest case studies show.',
            es: 'Casos de estudio destacados (marca «Destacado» en un caso de estudio), del más reciente al más antiguo, cada uno con su primer resultado clave. Sin ninguno destacado, se muestran los casos más recientes.',
          },
          fields: headingAndIntro('proof'),
        },
        {
          name: 'closing',
          label: { en: 'Closing call to action', es: 'Llamada a la acción final' },
          description: {
            en: 'The invitation that ends the page.',
            es: 'La invitación con la que termina la página.',
          },
          fields: [
            {
              name: 'heading',
              label: ADMIN_WORDS.heading,
              type: 'text',
              required: true,
              localized: true,
              defaultValue: localizedDefault((settings) => settings.closing.heading),
            },
            {
              name: 'text',
              label: { en: 'Text', es: 'Texto' },
              type: 'textarea',
              localized: true,
              defaultValue: localizedDefault((settings) => settings.closing.text),
            },
            callToAction('closing'),
          ],
        },
      ],
    },
  ],
}
