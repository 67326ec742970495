import type { CollectionConfig } from 'payload'

import {
  PUBLISHABLE_ADMIN_VIEWS,
  publishableCollection,
  publishableFields,
} from '@/fields/publishable'

export const Posts: CollectionConfig = {
  slug: 'posts',
  ...publishableCollection('posts'),
  admin: {
    useAsTitle: 'title',
    components: { views: PUBLISHABLE_ADMIN_VIEWS },
    defaultColumns: ['title', 'slug', '_status', 'translations', 'publishedAt'],
  },
  fields: publishableFields(),
}
