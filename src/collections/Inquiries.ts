import type { CollectionConfig } from 'payload'

import { adminsOnly } from '@/access/admins'
import { authenticated } from '@/access/authenticated'
import { LOCALES } from '@/i18n/locales'

export const DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const
export const INQUIRY_CHANNELS = ['http', 'mcp', 'form'] as const

/**
 * Inquiries as received, and the state of their delivery by mail (the durable outbox that
 * src/inquiries/delivery.ts works through). Private: editors read them in the admin; only the
 * inquiry service creates them.
 */
export const Inquiries: CollectionConfig = {
  slug: 'inquiries',
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['name', 'email', 'service', 'deliveryStatus', 'createdAt'],
    description: 'Project inquiries from the site, the API and agents (MCP).',
  },
  access: {
    read: authenticated,
    create: () => false,
    update: authenticated,
    delete: adminsOnly,
  },
  defaultSort: '-createdAt',
  fields: [
    // Lengths are checked by the inquiry schema (in characters, as the contract counts them).
    { name: 'name', type: 'text', required: true },
    { name: 'email', type: 'email', required: true },
    { name: 'message', type: 'textarea', required: true },
    { name: 'phone', type: 'text' },
    { name: 'service', type: 'text' },
    {
      name: 'locale',
      type: 'select',
      required: true,
      options: LOCALES.map((value) => ({ label: value, value })),
    },
    {
      name: 'channel',
      type: 'select',
      required: true,
      options: INQUIRY_CHANNELS.map((value) => ({ label: value, value })),
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'clientHash',
      type: 'text',
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: 'Keyed hash of the sender’s network; no address is stored.',
      },
    },
    {
      type: 'collapsible',
      label: 'Delivery',
      admin: { position: 'sidebar' },
      fields: [
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
  },
}
