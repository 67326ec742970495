import type { CollectionConfig } from 'payload'

import {
  PUBLISHABLE_ADMIN_VIEWS,
  publishableCollection,
  publishableFields,
} from '@/fields/publishable'

export const Posts: CollectionConfig = {
  slug: 'posts',
  ...publishableCollection('posts'),
  labels: {
    singular: { en: 'Post', es: 'Entrada' },
    plural: { en: 'Posts', es: 'Entradas' },
  },
  admin: {
    useAsTitle: 'title',
    components: { views: PUBLISHABLE_ADMIN_VIEWS },
    defaultColumns: ['title', 'slug', '_status', 'translations', 'scheduled', 'publishedAt'],
  },
  fields: publishableFields(),
}
