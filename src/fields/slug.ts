import type { Field } from 'payload'

import { ADMIN_WORDS } from '@/i18n/admin-text'

/** Lower-case ASCII words joined by hyphens: what a URL segment should look like. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
}

/**
 * A unique, indexed slug shared by every locale (one URL segment per document), filled from
 * `sourceField` when left empty.
 */
export function slugField(sourceField: string): Field {
  return {
    name: 'slug',
    label: ADMIN_WORDS.slug,
    type: 'text',
    required: true,
    unique: true,
    index: true,
    custom: {
      public: true,
      sortable: true,
      apiSchema: {
        pattern: SLUG_PATTERN.source,
        description: 'URL segment, shared by every locale.',
      },
    },
    admin: { position: 'sidebar', description: ADMIN_WORDS.slugDescription },
    hooks: {
      beforeValidate: [
        ({ value, data, originalDoc }) => {
          if (typeof value === 'string' && value.trim()) return slugify(value)
          const source = data?.[sourceField] ?? originalDoc?.[sourceField]
          // With `locale=all` a localized title arrives as { en, es }: prefer English.
          const text = typeof source === 'string' ? source : source?.en
          return typeof text === 'string' ? slugify(text) : value
        },
      ],
    },
    validate: (value: unknown) =>
      typeof value === 'string' && SLUG_PATTERN.test(value)
        ? true
        : 'Use lower-case letters, digits and hyphens.',
  }
}
