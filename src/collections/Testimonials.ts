import type { CollectionConfig } from 'payload'

import { draftedCollection, PEOPLE_GROUP } from '@/collections/people-base'

/**
 * What clients say about the firm: the home page's proof band shows the featured ones, a case
 * study shows the quote linked to it. Never marked up as a `Review` (a firm's testimonials about
 * itself are not reviews search engines accept).
 */
export const Testimonials: CollectionConfig = {
  slug: 'testimonials',
  ...draftedCollection('testimonials'),
  labels: {
    singular: { en: 'Testimonial', es: 'Testimonio' },
    plural: { en: 'Testimonials', es: 'Testimonios' },
  },
  defaultSort: '-updatedAt',
  admin: {
    useAsTitle: 'name',
    group: PEOPLE_GROUP,
    defaultColumns: ['name', 'company', 'featured', '_status'],
  },
  fields: [
    {
      name: 'quote',
      label: { en: 'Quote', es: 'Cita' },
      type: 'textarea',
      required: true,
      localized: true,
      maxLength: 600,
      admin: {
        description: {
          en: 'Shown in this language only when written in it.',
          es: 'Solo se muestra en este idioma si está escrita en él.',
        },
      },
    },
    { name: 'name', label: { en: 'Name', es: 'Nombre' }, type: 'text', required: true },
    { name: 'role', label: { en: 'Role', es: 'Cargo' }, type: 'text', localized: true },
    { name: 'company', label: { en: 'Company', es: 'Empresa' }, type: 'text' },
    { name: 'photo', label: { en: 'Photo', es: 'Foto' }, type: 'upload', relationTo: 'media' },
    {
      name: 'caseStudy',
      label: { en: 'Case study', es: 'Caso de éxito' },
      type: 'relationship',
      relationTo: 'case-studies',
      admin: {
        description: {
          en: 'Optional: the case study this quote belongs to (shown on its page).',
          es: 'Opcional: el caso de éxito al que pertenece la cita (se muestra en su página).',
        },
      },
    },
    {
      name: 'featured',
      label: { en: 'Featured', es: 'Destacado' },
      type: 'checkbox',
      defaultValue: false,
      admin: {
        position: 'sidebar',
        description: {
          en: 'Shown in the home page’s proof band.',
          es: 'Se muestra en la franja de referencias de la portada.',
        },
      },
    },
  ],
}
