import type { CollectionConfig, Field, FieldAccess } from 'payload'

import { adminsOnly } from '@/access/admins'
import { editorsOrAdmins, isEditor } from '@/access/roles'
import { bothLanguages } from '@/i18n/inquiry-admin'
import { ADMIN_LOCALE_LABELS, ADMIN_WORDS, type AdminText } from '@/i18n/admin-text'
import { LOCALES } from '@/i18n/locales'
import { inquiryFieldValidator } from '@/inquiries/schema'
import { announceInquiry } from '@/webhooks/hooks'

export const DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const
export const INQUIRY_CHANNELS = ['http', 'mcp', 'form'] as const
/** Where an inquiry stands in the team's inbox (triage), apart from its mail delivery. */
export const INQUIRY_STATUSES = ['new', 'replied', 'spam', 'closed'] as const

/** The admin's words for how an inquiry arrived and where its mail stands. */
const CHANNEL_LABELS: Record<(typeof INQUIRY_CHANNELS)[number], AdminText> = {
  http: { en: 'API', es: 'API' },
  mcp: { en: 'MCP (agent)', es: 'MCP (agente)' },
  form: { en: 'Contact form', es: 'Formulario de contacto' },
}
const DELIVERY_STATUS_LABELS: Record<(typeof DELIVERY_STATUSES)[number], AdminText> = {
  queued: { en: 'Queued', es: 'En cola' },
  sent: { en: 'Sent', es: 'Enviada' },
  failed: { en: 'Failed', es: 'Fallida' },
}

/**
 * What the sender wrote (and how it arrived) is a record: nobody changes it, in the admin or over
 * REST. Payload keeps the stored value when a write lacks update access to a field.
 */
const asReceived: FieldAccess = () => false

/** Marks a field as part of the record the sender made: read-only everywhere. */
function received<T extends Field>(field: T): T {
  const admin = 'admin' in field ? field.admin : undefined
  return {
    ...field,
    access: { ...('access' in field ? field.access : {}), update: asReceived },
    admin: { ...admin, readOnly: true },
  } as T
}

/**
 * A field the summary at the top shows (src/components/admin/InquirySummary.tsx): not shown a
 * second time in the form, but still in its data, which the summary reads, and still a column and
 * a filter of the list (which `hidden` would take away). Shown, and so validated, when the inquiry
 * service creates an inquiry; editors never create one.
 */
function inSummary<T extends Field>(field: T): T {
  const admin = 'admin' in field ? field.admin : undefined
  return {
    ...field,
    admin: { ...admin, condition: (_data, _siblingData, { operation }) => operation === 'create' },
  } as T
}

/**
 * Inquiries as received, and the state of their delivery by mail (the durable outbox that
 * src/inquiries/delivery.ts works through). Private: editors read them in the admin; only the
 * inquiry service creates them.
 */
export const Inquiries: CollectionConfig = {
  slug: 'inquiries',
  labels: {
    singular: { en: 'Inquiry', es: 'Consulta' },
    plural: { en: 'Inquiries', es: 'Consultas' },
  },
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['name', 'email', 'status', 'service', 'source', 'deliveryStatus', 'createdAt'],
    // The list's search box looks in these (and the Filters menu filters on any field, status too).
    listSearchableFields: ['name', 'email', 'message'],
    description: {
      en:
        'Project inquiries from the site, the API and agents (MCP): the team’s inbox. Set a status ' +
        'as you work through them (filter on Status); what the sender wrote cannot be changed. ' +
        'Each is mailed to the team; one whose delivery status is "failed" never arrived.',
      es:
        'Consultas de proyectos desde el sitio, la API y los agentes (MCP): la bandeja del equipo. ' +
        'Asigna un estado a medida que las atiendes (filtra por Estado); lo que escribió el ' +
        'remitente no se puede cambiar. Cada una se envía por correo al equipo; una cuyo estado ' +
        'de entrega es «fallido» nunca llegó.',
    },
    components: {
      beforeListTable: ['/src/components/admin/FailedDeliveriesNotice#FailedDeliveriesNotice'],
    },
    // Authors write content; the inbox is not theirs (access below refuses them too).
    hidden: ({ user }) => !isEditor(user),
  },
  access: {
    read: editorsOrAdmins,
    create: () => false,
    update: editorsOrAdmins,
    delete: adminsOnly,
  },
  defaultSort: '-createdAt',
  fields: [
    // First, for whoever answers: the sender, the message and a reply by mail.
    {
      name: 'summary',
      label: { en: 'Summary', es: 'Resumen' },
      type: 'ui',
      admin: {
        components: { Field: '/src/components/admin/InquirySummary#InquirySummary' },
        disableListColumn: true,
      },
    },
    // What the sender wrote is validated by one rule, the inquiry schema's (src/inquiries/schema.ts),
    // here too: Payload's own validators (its email pattern, lengths in UTF-16 units) would refuse
    // some inquiries the contract accepts, and a refusal at this point could only be a 5xx.
    inSummary(
      received({
        name: 'name',
        label: ADMIN_WORDS.name,
        type: 'text',
        required: true,
        validate: inquiryFieldValidator('name'),
      }),
    ),
    inSummary(
      received({
        name: 'email',
        label: ADMIN_WORDS.email,
        type: 'email',
        required: true,
        validate: inquiryFieldValidator('email'),
      }),
    ),
    inSummary(
      received({
        name: 'message',
        label: bothLanguages((text) => text.message),
        type: 'textarea',
        required: true,
        validate: inquiryFieldValidator('message'),
      }),
    ),
    inSummary(
      received({
        name: 'phone',
        label: bothLanguages((text) => text.phone),
        type: 'text',
        validate: inquiryFieldValidator('phone'),
      }),
    ),
    inSummary(
      received({
        name: 'service',
        label: bothLanguages((text) => text.service),
        type: 'text',
        validate: inquiryFieldValidator('service'),
        // The list shows the contact form's label for it.
        admin: {
          components: { Cell: '/src/components/admin/InquiryServiceCell#InquiryServiceCell' },
        },
      }),
    ),
    received({
      name: 'locale',
      type: 'select',
      required: true,
      options: LOCALES.map((value) => ({ label: ADMIN_LOCALE_LABELS[value], value })),
      validate: inquiryFieldValidator('locale'),
      label: bothLanguages((text) => text.senderLanguage),
      admin: { position: 'sidebar' },
    }),
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'new',
      index: true,
      options: INQUIRY_STATUSES.map((value) => ({
        label: bothLanguages((text) => text.statuses[value]),
        value,
      })),
      label: { en: 'Status', es: 'Estado' },
      admin: {
        position: 'sidebar',
        description: {
          en: 'Where this inquiry stands in the inbox.',
          es: 'En qué punto está esta consulta en la bandeja.',
        },
      },
    },
    {
      name: 'note',
      label: { en: 'Note', es: 'Nota' },
      type: 'textarea',
      admin: {
        description: {
          en: 'Internal: for the team only, never sent to the sender.',
          es: 'Interna: solo para el equipo, nunca se envía al remitente.',
        },
      },
    },
    // How it arrived and how its mail went: for whoever looks into a problem, out of the way of
    // whoever answers. Presentational only: the fields keep their columns.
    {
      type: 'collapsible',
      label: bothLanguages((text) => text.technicalDetails),
      admin: { initCollapsed: true },
      fields: [
        received({
          name: 'channel',
          label: { en: 'Channel', es: 'Canal' },
          type: 'select',
          required: true,
          options: INQUIRY_CHANNELS.map((value) => ({ label: CHANNEL_LABELS[value], value })),
        }),
        received({
          name: 'clientHash',
          label: { en: 'Client hash', es: 'Hash del cliente' },
          type: 'text',
          admin: {
            description: {
              en: 'Keyed hash of the sender’s network; no address is stored.',
              es: 'Hash con clave de la red del remitente; no se guarda ninguna dirección.',
            },
          },
        }),
        // Where it came from (src/inquiries/source.ts): derived by the server from the request,
        // cleaned and bounded; internal, like the whole collection.
        received({
          name: 'source',
          type: 'text',
          label: { en: 'Source', es: 'Origen' },
          admin: {
            description: {
              en:
                'How it arrived (API, MCP and its tool, or the form), the client, the page and the ' +
                'site the visitor came from, as the request claimed them: nothing is verified.',
              es:
                'Cómo llegó (API, MCP y su herramienta, o el formulario), el cliente, la página y ' +
                'el sitio del que venía el visitante, tal como los declaró la petición: nada está ' +
                'verificado.',
            },
          },
        }),
        received({
          name: 'sourceClient',
          type: 'text',
          label: { en: 'Client', es: 'Cliente' },
          admin: {
            description: {
              en: 'The agent or program (its User-Agent, or its MCP client name).',
              es: 'El agente o programa (su User-Agent, o el nombre de su cliente MCP).',
            },
          },
        }),
        received({
          name: 'sourcePage',
          type: 'text',
          label: { en: 'Page', es: 'Página' },
          admin: {
            description: {
              en: 'The page of this site the form was sent from.',
              es: 'La página de este sitio desde la que se envió el formulario.',
            },
          },
        }),
        received({
          name: 'sourceSite',
          type: 'text',
          label: { en: 'Referring site', es: 'Sitio de procedencia' },
          admin: {
            description: {
              en: 'The other site the visitor came to the form from (its host).',
              es: 'El otro sitio desde el que el visitante llegó al formulario (su host).',
            },
          },
        }),
        {
          name: 'deliveryStatus',
          label: { en: 'Delivery status', es: 'Estado de entrega' },
          type: 'select',
          required: true,
          defaultValue: 'queued',
          index: true,
          options: DELIVERY_STATUSES.map((value) => ({
            label: DELIVERY_STATUS_LABELS[value],
            value,
          })),
          admin: {
            description: {
              en: 'Set back to "queued" to send a failed inquiry again.',
              es: 'Vuelve a ponerla «en cola» para enviar de nuevo una consulta fallida.',
            },
          },
        },
        {
          name: 'attempts',
          label: { en: 'Attempts', es: 'Intentos' },
          type: 'number',
          defaultValue: 0,
          admin: { readOnly: true },
        },
        {
          name: 'lastError',
          label: { en: 'Last error', es: 'Último error' },
          type: 'text',
          admin: { readOnly: true },
        },
        {
          name: 'nextAttemptAt',
          label: { en: 'Next attempt at', es: 'Próximo intento' },
          type: 'date',
          index: true,
          admin: { readOnly: true },
        },
        {
          name: 'leaseUntil',
          label: { en: 'Lease until', es: 'Reservada hasta' },
          type: 'date',
          admin: { hidden: true },
        },
        {
          name: 'sentAt',
          label: { en: 'Sent at', es: 'Enviada el' },
          type: 'date',
          admin: { readOnly: true },
        },
        {
          name: 'messageId',
          label: { en: 'Message ID', es: 'ID del mensaje' },
          type: 'text',
          admin: { readOnly: true },
        },
      ],
    },
  ],
  hooks: {
    beforeChange: [
      // An editor re-queueing a failed inquiry wants it sent now, with a fresh set of attempts.
      ({ data, originalDoc, operation }) => {
        if (
          operation === 'update' &&
          data.deliveryStatus === 'queued' &&
          originalDoc?.deliveryStatus === 'failed'
        ) {
          return { ...data, attempts: 0, nextAttemptAt: new Date().toISOString(), lastError: null }
        }
        return data
      },
    ],
    // `inquiry.received` for webhook endpoints, in the transaction that stores the inquiry.
    afterChange: [announceInquiry],
  },
}
