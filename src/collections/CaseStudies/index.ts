import type { CollectionConfig } from 'payload'

import {
  PUBLISHABLE_ADMIN_VIEWS,
  publishableCollection,
  publishableFields,
} from '@/fields/publishable'

/** How many key figures a case study's summary shows at most (a panel, not a table). */
export const CASE_STUDY_RESULTS_MAX = 4

export const CaseStudies: CollectionConfig = {
  slug: 'case-studies',
  ...publishableCollection('case-studies'),
  labels: {
    singular: { en: 'Case study', es: 'Caso de estudio' },
    plural: { en: 'Case studies', es: 'Casos de estudio' },
  },
  admin: {
    useAsTitle: 'title',
    components: { views: PUBLISHABLE_ADMIN_VIEWS },
    defaultColumns: [
      'title',
      'client',
      'featured',
      '_status',
      'translations',
      'scheduled',
      'publishedAt',
    ],
  },
  fields: publishableFields(
    [
      {
        name: 'featured',
        label: { en: 'Featured', es: 'Destacado' },
        type: 'checkbox',
        defaultValue: false,
        index: true,
        custom: { public: true, apiSchema: { description: 'Put forward on the home page.' } },
        admin: {
          position: 'sidebar',
          description: {
            en: 'Shown among the case studies the home page puts forward.',
            es: 'Se muestra entre los casos de estudio que destaca la página de inicio.',
          },
        },
      },
    ],
    {
      // In the order the case study's page shows them: a summary panel above the body.
      beforeContent: [
        {
          type: 'collapsible',
          label: { en: 'Case study summary', es: 'Resumen del caso de estudio' },
          admin: {
            description: {
              en: 'Shown as a panel above the story, in this order.',
              es: 'Se muestra como un panel encima del relato, en este orden.',
            },
          },
          fields: [
            {
              type: 'row',
              fields: [
                {
                  name: 'client',
                  label: { en: 'Client', es: 'Cliente' },
                  type: 'text',
                  custom: {
                    public: true,
                    apiSchema: { description: 'The client, as it may be named publicly.' },
                  },
                  admin: {
                    description: {
                      en: 'The client as it may be named publicly.',
                      es: 'El cliente tal como puede nombrarse públicamente.',
                    },
                    width: '50%',
                  },
                },
                {
                  name: 'industry',
                  label: { en: 'Industry', es: 'Sector' },
                  type: 'text',
                  localized: true,
                  custom: { public: true },
                  admin: { width: '50%' },
                },
              ],
            },
            {
              name: 'challenge',
              label: { en: 'Challenge', es: 'Reto' },
              type: 'textarea',
              localized: true,
              maxLength: 600,
              custom: {
                public: true,
                apiSchema: { description: 'The problem the client came with.' },
              },
              admin: {
                description: {
                  en: 'The problem the client came with, in two or three sentences.',
                  es: 'El problema con el que llegó el cliente, en dos o tres frases.',
                },
              },
            },
            {
              name: 'solution',
              label: { en: 'What we built', es: 'Qué construimos' },
              type: 'textarea',
              localized: true,
              maxLength: 600,
              custom: { public: true, apiSchema: { description: 'What was built.' } },
              admin: {
                description: {
                  en: 'What we built or changed, in two or three sentences.',
                  es: 'Qué construimos o cambiamos, en dos o tres frases.',
                },
              },
            },
            {
              // Localized as a whole: each language has its own rows (figures are written
              // differently: "1.5M" and "1,5 M"), in one table whose rows name their document.
              name: 'results',
              label: { en: 'Results', es: 'Resultados' },
              type: 'array',
              localized: true,
              maxRows: CASE_STUDY_RESULTS_MAX,
              custom: {
                public: true,
                apiSchema: {
                  description: 'Key figures, the headline result first; each language has its own.',
                },
              },
              labels: {
                singular: { en: 'Result', es: 'Resultado' },
                plural: { en: 'Results', es: 'Resultados' },
              },
              admin: {
                description: {
                  en: `Up to ${CASE_STUDY_RESULTS_MAX} key figures, such as “−40 %” and “cloud costs”. The first is the headline result.`,
                  es: `Hasta ${CASE_STUDY_RESULTS_MAX} cifras clave, como «−40 %» y «costes de nube». La primera es el resultado principal.`,
                },
              },
              fields: [
                {
                  type: 'row',
                  fields: [
                    {
                      name: 'value',
                      label: { en: 'Value', es: 'Cifra' },
                      type: 'text',
                      required: true,
                      maxLength: 24,
                      custom: {
                        public: true,
                        apiSchema: { description: 'The figure, as written: "−40 %", "3×".' },
                      },
                      admin: { width: '35%' },
                    },
                    {
                      name: 'label',
                      label: { en: 'Label', es: 'Etiqueta' },
                      type: 'text',
                      required: true,
                      maxLength: 80,
                      custom: {
                        public: true,
                        apiSchema: { description: 'What the figure measures.' },
                      },
                      admin: { width: '65%' },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ),
}
