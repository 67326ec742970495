import type { CollectionConfig } from 'payload'

import { publishableCollection, publishableFields } from '@/fields/publishable'

export const Posts: CollectionConfig = {
  slug: 'posts',
  ...publishableCollection('posts'),
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', '_status', 'translations', 'publishedAt'],
  },
  fields: publishableFields(),
}
