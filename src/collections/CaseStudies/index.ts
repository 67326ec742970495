import type { CollectionConfig } from 'payload'

import { publishableCollection, publishableFields } from '@/fields/publishable'

export const CaseStudies: CollectionConfig = {
  slug: 'case-studies',
  ...publishableCollection('case-studies'),
  labels: { singular: 'Case study', plural: 'Case studies' },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'client', '_status', 'translations', 'publishedAt'],
  },
  fields: publishableFields([
    {
      name: 'client',
      type: 'text',
      admin: { description: 'The client as it may be named publicly.' },
    },
    { name: 'industry', type: 'text', localized: true },
  ]),
}
