import type { CollectionConfig } from 'payload'

import { draftedCollection, PEOPLE_GROUP } from '@/collections/people-base'

/**
 * The firm's people (the About page's team, the `author` of posts and case studies). Not
 * documents of their own: they show on the About page, as JSON-LD `Person`s and as the authors
 * of documents, never at a URL of their own. Never user accounts: a team member is public, an
 * account is not.
 */
export const TeamMembers: CollectionConfig = {
  slug: 'team-members',
  ...draftedCollection('team-members'),
  labels: {
    singular: { en: 'Team member', es: 'Miembro del equipo' },
    plural: { en: 'Team', es: 'Equipo' },
  },
  defaultSort: 'order',
  admin: {
    useAsTitle: 'name',
    group: PEOPLE_GROUP,
    defaultColumns: ['name', 'role', 'order', '_status'],
  },
  fields: [
    {
      name: 'name',
      label: { en: 'Name', es: 'Nombre' },
      type: 'text',
      required: true,
      custom: { public: true },
    },
    {
      name: 'role',
      label: { en: 'Role', es: 'Cargo' },
      type: 'text',
      localized: true,
      custom: { public: true },
      admin: {
        description: {
          en: 'Shown in this language only when filled in.',
          es: 'Solo se muestra en este idioma si está rellenado.',
        },
      },
    },
    {
      name: 'bio',
      label: { en: 'Short bio', es: 'Biografía breve' },
      type: 'textarea',
      localized: true,
      maxLength: 600,
      custom: { public: true },
    },
    {
      name: 'photo',
      label: { en: 'Photo', es: 'Foto' },
      type: 'upload',
      relationTo: 'media',
      custom: { public: true },
    },
    {
      name: 'profileUrl',
      label: { en: 'Profile link', es: 'Enlace al perfil' },
      type: 'text',
      custom: { public: true },
      admin: {
        description: {
          en: 'Optional: a public profile (https://…).',
          es: 'Opcional: un perfil público (https://…).',
        },
      },
      validate: (value: unknown) =>
        !value || (typeof value === 'string' && /^https:\/\/\S+$/.test(value)) ? true : 'https://…',
    },
    {
      name: 'order',
      label: { en: 'Order', es: 'Orden' },
      type: 'number',
      defaultValue: 0,
      admin: { position: 'sidebar' },
    },
  ],
}
