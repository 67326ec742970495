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
  labels: { singular: 'Case study', plural: 'Case studies' },
  admin: {
    useAsTitle: 'title',
    components: { views: PUBLISHABLE_ADMIN_VIEWS },
    defaultColumns: ['title', 'client', 'featured', '_status', 'translations', 'publishedAt'],
  },
  fields: publishableFields(
    [
      {
        name: 'featured',
        type: 'checkbox',
        defaultValue: false,
        index: true,
        custom: { public: true, apiSchema: { description: 'Put forward on the home page.' } },
        admin: {
          position: 'sidebar',
          description: 'Shown among the case studies the home page puts forward.',
        },
      },
    ],
    {
      // In the order the case study's page shows them: a summary panel above the body.
      beforeContent: [
        {
          type: 'collapsible',
          label: 'Case study summary',
          admin: { description: 'Shown as a panel above the story, in this order.' },
          fields: [
            {
              type: 'row',
              fields: [
                {
                  name: 'client',
                  type: 'text',
                  custom: {
                    public: true,
                    apiSchema: { description: 'The client, as it may be named publicly.' },
                  },
                  admin: { description: 'The client as it may be named publicly.', width: '50%' },
                },
                {
                  name: 'industry',
                  type: 'text',
                  localized: true,
                  custom: { public: true },
                  admin: { width: '50%' },
                },
              ],
            },
            {
              name: 'challenge',
              type: 'textarea',
              localized: true,
              maxLength: 600,
              custom: {
                public: true,
                apiSchema: { description: 'The problem the client came with.' },
              },
              admin: {
                description: 'The problem the client came with, in two or three sentences.',
              },
            },
            {
              name: 'solution',
              label: 'What we built',
              type: 'textarea',
              localized: true,
              maxLength: 600,
              custom: { public: true, apiSchema: { description: 'What was built.' } },
              admin: { description: 'What we built or changed, in two or three sentences.' },
            },
            {
              // Localized as a whole: each language has its own rows (figures are written
              // differently: "1.5M" and "1,5 M"), in one table whose rows name their document.
              name: 'results',
              type: 'array',
              localized: true,
              maxRows: CASE_STUDY_RESULTS_MAX,
              custom: {
                public: true,
                apiSchema: {
                  description: 'Key figures, the headline result first; each language has its own.',
                },
              },
              labels: { singular: 'Result', plural: 'Results' },
              admin: {
                description: `Up to ${CASE_STUDY_RESULTS_MAX} key figures, such as “−40 %” and “cloud costs”. The first is the headline result.`,
              },
              fields: [
                {
                  type: 'row',
                  fields: [
                    {
                      name: 'value',
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
