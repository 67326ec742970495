import type { CollectionConfig } from 'payload'

import { authenticated } from '@/access/authenticated'
import { publishedOnly } from '@/access/publishedOnly'
import { editorsOrAdmins } from '@/access/roles'
import { messagesFor } from '@/i18n/messages'
import { SERVICE_KEYS } from '@/site/service-keys'

/** How many case studies and posts a service's page lists at most (a short "see it done"). */
export const SERVICE_RELATED_MAX = 6

/**
 * What the firm offers, one document per service, each with a page of its own
 * (`/en/services/{key}`, `/es/servicios/{key}`: src/site/services.ts). The `key` is one of the
 * inquiry contract's service values (src/site/contact.ts `CONTACT_SERVICES`, from which the
 * OpenAPI document and the MCP tool's schema derive): the contract stays a fixed enum, and a
 * service's page is found by the key an inquiry names. Texts are per language; a language whose
 * title is blank does not show the service (the honest-translation rule of src/site/listed.ts).
 */
export const Services: CollectionConfig = {
  slug: 'services',
  labels: {
    singular: { en: 'Service', es: 'Servicio' },
    plural: { en: 'Services', es: 'Servicios' },
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'key', 'position', '_status'],
    description: {
      en: 'What the firm offers: each service has a page, listed on the home page in this order.',
      es: 'Lo que ofrece la firma: cada servicio tiene su página, listada en la portada en este orden.',
    },
  },
  access: {
    read: publishedOnly,
    readVersions: authenticated,
    create: editorsOrAdmins,
    update: editorsOrAdmins,
    delete: editorsOrAdmins,
  },
  defaultSort: 'position',
  versions: { drafts: true, maxPerDoc: 50 },
  fields: [
    {
      name: 'key',
      label: { en: 'Key (inquiry service value)', es: 'Clave (valor de servicio de la consulta)' },
      type: 'select',
      required: true,
      unique: true,
      // Each service by the contact form's name for it, in the admin's language.
      options: SERVICE_KEYS.map((key) => ({
        label: { en: messagesFor('en').services[key], es: messagesFor('es').services[key] },
        value: key,
      })),
      admin: {
        position: 'sidebar',
        description: {
          en: 'The value inquiries use for this service; also the page’s address.',
          es: 'El valor que usan las consultas para este servicio; también la dirección de la página.',
        },
      },
    },
    {
      name: 'position',
      label: { en: 'Position', es: 'Posición' },
      type: 'number',
      defaultValue: 0,
      admin: {
        position: 'sidebar',
        description: { en: 'Lower comes first.', es: 'El menor va primero.' },
      },
    },
    {
      name: 'title',
      label: { en: 'Title', es: 'Título' },
      type: 'text',
      required: true,
      localized: true,
    },
    {
      name: 'summary',
      label: { en: 'Summary', es: 'Resumen' },
      type: 'textarea',
      required: true,
      localized: true,
      maxLength: 300,
      admin: {
        description: {
          en: 'One or two sentences: the home page’s card and the page’s lede.',
          es: 'Una o dos frases: la tarjeta de la portada y la entradilla de la página.',
        },
      },
    },
    {
      name: 'whatWeDo',
      label: { en: 'What we do', es: 'Qué hacemos' },
      type: 'textarea',
      localized: true,
      maxLength: 2000,
    },
    {
      name: 'engagement',
      label: { en: 'Typical engagement', es: 'Colaboración típica' },
      type: 'textarea',
      localized: true,
      maxLength: 1200,
    },
    {
      name: 'caseStudies',
      label: { en: 'Related case studies', es: 'Casos de éxito relacionados' },
      type: 'relationship',
      relationTo: 'case-studies',
      hasMany: true,
      maxRows: SERVICE_RELATED_MAX,
    },
    {
      name: 'posts',
      label: { en: 'Related posts', es: 'Artículos relacionados' },
      type: 'relationship',
      relationTo: 'posts',
      hasMany: true,
      maxRows: SERVICE_RELATED_MAX,
    },
  ],
}
