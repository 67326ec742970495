import type { CollectionConfig } from 'payload'

import { draftedCollection, PEOPLE_GROUP } from '@/collections/people-base'

/** Clients' logos for the home page's proof band (the featured ones, in their order). */
export const ClientLogos: CollectionConfig = {
  slug: 'client-logos',
  ...draftedCollection('client-logos'),
  labels: {
    singular: { en: 'Client logo', es: 'Logotipo de cliente' },
    plural: { en: 'Client logos', es: 'Logotipos de clientes' },
  },
  defaultSort: 'order',
  admin: {
    useAsTitle: 'name',
    group: PEOPLE_GROUP,
    defaultColumns: ['name', 'featured', 'order', '_status'],
  },
  fields: [
    { name: 'name', label: { en: 'Name', es: 'Nombre' }, type: 'text', required: true },
    {
      name: 'logo',
      label: { en: 'Logo', es: 'Logotipo' },
      type: 'upload',
      relationTo: 'media',
      required: true,
    },
    {
      name: 'url',
      label: { en: 'Link', es: 'Enlace' },
      type: 'text',
      validate: (value: unknown) =>
        !value || (typeof value === 'string' && /^https:\/\/\S+$/.test(value)) ? true : 'https://…',
    },
    {
      name: 'featured',
      label: { en: 'Featured', es: 'Destacado' },
      type: 'checkbox',
      defaultValue: true,
      admin: { position: 'sidebar' },
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
