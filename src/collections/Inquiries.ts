import type { CollectionConfig, Field, FieldAccess } from 'payload'

import { adminsOnly } from '@/access/admins'
import { editorsOrAdmins, isEditor } from '@/access/roles'
import { bothLanguages } from '@/i18n/inquiry-admin'
import { LOCALE_LABELS, LOCALES } from '@/i18n/locales'
import { inquiryFieldValidator } from '@/inquiries/schema'
import { announceInquiry } from '@/webhooks/hooks'

export const DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const
export const INQUIRY_CHANNELS = ['http', 'mcp', 'form'] as const
/** Where an inquiry stands in the team's inbox (triage), apart from its mail delivery. */
export const INQUIRY_STATUSES = ['new', 'replied', 'spam', 'closed'] as const

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
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['name', 'email', 'status', 'service', 'source', 'deliveryStatus', 'createdAt'],
    // The list's search box looks in these (and the Filters menu filters on any field, status too).
    listSearchableFields: ['name', 'email', 'message'],
    description:
      'Project inquiries from the site, the API and agents (MCP): the team’s inbox. Set a status ' +
      'as you work through them (filter on Status); what the sender wrote cannot be changed. ' +
      'Each is mailed to the team; one whose delivery status is "failed" never arrived.',
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
        type: 'text',
        required: true,
        validate: inquiryFieldValidator('name'),
      }),
    ),
    inSummary(
      received({
        name: 'email',
        type: 'email',
        required: true,
        validate: inquiryFieldValidator('email'),
      }),
    ),
    inSummary(
      received({
        name: 'message',
        type: 'textarea',
        required: true,
        validate: inquiryFieldValidator('message'),
      }),
    ),
    inSummary(received({ name: 'phone', type: 'text', validate: inquiryFieldValidator('phone') })),
    inSummary(
      received({
        name: 'service',
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
      options: LOCALES.map((value) => ({ label: LOCALE_LABELS[value], value })),
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
      admin: { position: 'sidebar', description: 'Where this inquiry stands in the inbox.' },
    },
    {
      name: 'note',
      type: 'textarea',
      admin: { description: 'Internal: for the team only, never sent to the sender.' },
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
          type: 'select',
          required: true,
          options: INQUIRY_CHANNELS.map((value) => ({ label: value, value })),
        }),
        received({
          name: 'clientHash',
          type: 'text',
          admin: {
            description: 'Keyed hash of the sender’s network; no address is stored.',
          },
        }),
        // Where it came from (src/inquiries/source.ts): derived by the server from the request,
        // cleaned and bounded; internal, like the whole collection.
        received({
          name: 'source',
          type: 'text',
          label: 'Source',
          admin: {
            description:
              'How it arrived (API, MCP and its tool, or the form), the client, the page and the ' +
              'site the visitor came from, as the request claimed them: nothing is verified.',
          },
        }),
        received({
          name: 'sourceClient',
          type: 'text',
          label: 'Client',
          admin: { description: 'The agent or program (its User-Agent, or its MCP client name).' },
        }),
        received({
          name: 'sourcePage',
          type: 'text',
          label: 'Page',
          admin: { description: 'The page of this site the form was sent from.' },
        }),
        received({
          name: 'sourceSite',
          type: 'text',
          label: 'Referring site',
          admin: { description: 'The other site the visitor came to the form from (its host).' },
        }),
        {
          name: 'deliveryStatus',
          type: 'select',
          required: true,
          defaultValue: 'queued',
          index: true,
          options: DELIVERY_STATUSES.map((value) => ({ label: value, value })),
          admin: { description: 'Set back to "queued" to send a failed inquiry again.' },
        },
        { name: 'attempts', type: 'number', defaultValue: 0, admin: { readOnly: true } },
        { name: 'lastError', type: 'text', admin: { readOnly: true } },
        { name: 'nextAttemptAt', type: 'date', index: true, admin: { readOnly: true } },
        { name: 'leaseUntil', type: 'date', admin: { hidden: true } },
        { name: 'sentAt', type: 'date', admin: { readOnly: true } },
        { name: 'messageId', type: 'text', admin: { readOnly: true } },
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
