import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeChangeHook,
  CollectionConfig,
  TextFieldSingleValidation,
} from 'payload'

import { adminsOnly, isAdmin } from '@/access/admins'
import { ADMIN_LOCALE_LABELS, ADMIN_WORDS } from '@/i18n/admin-text'
import { LOCALES } from '@/i18n/locales'

import { adminEndpoints } from './admin-endpoints'
import { WEBHOOK_CONTEXT, type WebhookEndpointDoc } from './endpoint-doc'
import { EVENT_LABELS, WEBHOOK_EVENTS } from './events'
import { forgetEndpoint, releaseEndpoint } from './outbox'
import { WEBHOOK_ENDPOINTS, WEBHOOKS } from './settings'
import { generateSecret } from './signing'
import { endpointUrlProblem } from './url-policy'

/**
 * Checked when the URL is set or changed. An unchanged one is not checked again (each attempt
 * checks the address it connects to): the worker disabling an endpoint, or a secret rotation,
 * must not fail because its host resolves elsewhere since.
 */
const validateUrl: TextFieldSingleValidation = async (value, { operation, previousValue }) => {
  if (operation === 'update' && value === previousValue) return true
  return (await endpointUrlProblem(value, WEBHOOKS.allowedHosts)) ?? true
}

/**
 * The secret is the server's to make: generated on create, replaced only by the rotate action
 * (which keeps the previous one for WEBHOOK_SECRET_OVERLAP_MS); whatever a request sends for
 * these fields is ignored. An admin enabling an endpoint again clears why it was disabled; the
 * worker disabling one records why.
 */
const manageSecretAndState: CollectionBeforeChangeHook = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const original = originalDoc as WebhookEndpointDoc | undefined
  if (operation === 'create' || !original?.secret) {
    data.secret = generateSecret()
    data.previousSecret = null
    data.previousSecretExpiresAt = null
  } else if (req.context[WEBHOOK_CONTEXT.rotateSecret]) {
    data.secret = generateSecret()
    data.previousSecret = original.secret
    data.previousSecretExpiresAt = new Date(Date.now() + WEBHOOKS.secretOverlapMs).toISOString()
  } else {
    data.secret = original.secret
    data.previousSecret = original.previousSecret ?? null
    data.previousSecretExpiresAt = original.previousSecretExpiresAt ?? null
  }
  const reason = req.context[WEBHOOK_CONTEXT.disabledReason]
  // A write may carry only some fields (the rotate action carries none).
  const enabled = data.enabled ?? original?.enabled ?? true
  if (typeof reason === 'string') {
    data.enabled = false
    data.disabledReason = reason
    data.disabledAt = new Date().toISOString()
  } else if (enabled) {
    data.disabledReason = null
    data.disabledAt = null
  } else {
    data.disabledReason = original?.disabledReason ?? null
    data.disabledAt = original?.disabledAt ?? null
  }
  return data
}

/** Enabled again: the deliveries held while it was disabled resume, in their order. */
const resumeWhenEnabled: CollectionAfterChangeHook = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  if (operation === 'update' && doc.enabled && previousDoc?.enabled === false)
    await releaseEndpoint(req, doc.id)
  return doc
}

const forgetDeliveries: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await forgetEndpoint(req, doc.id)
  return doc
}

const sidebarReadOnly = { readOnly: true, position: 'sidebar' } as const

/**
 * Where the site's events are POSTed (src/webhooks/): admins only, for every operation, in the
 * admin and over the API. Each endpoint has its signing secret, the events it subscribes to (with
 * filters by collection and locale for documents), whether it receives content, and its delivery
 * log with "send again", "send test event" and "rotate secret" (the log field's component).
 */
export const WebhookEndpoints: CollectionConfig = {
  slug: WEBHOOK_ENDPOINTS,
  labels: {
    singular: { en: 'Webhook endpoint', es: 'Endpoint de webhook' },
    plural: { en: 'Webhook endpoints', es: 'Endpoints de webhook' },
  },
  access: {
    read: adminsOnly,
    create: adminsOnly,
    update: adminsOnly,
    delete: adminsOnly,
  },
  admin: {
    useAsTitle: 'url',
    // The settings globals' group (src/globals/), so that both share one heading in the nav.
    group: ADMIN_WORDS.settingsGroup,
    defaultColumns: ['url', 'events', 'enabled', 'disabledReason', 'updatedAt'],
    description: {
      en:
        'Receivers of signed webhooks (Standard Webhooks) about published documents, inquiries, ' +
        'redirects and settings. Deliveries are retried for at least 24 hours; an endpoint that ' +
        'keeps failing is disabled, and its waiting deliveries resume when it is enabled again.',
      es:
        'Receptores de webhooks firmados (Standard Webhooks) sobre documentos publicados, ' +
        'consultas, redirecciones y ajustes. Los envíos se reintentan al menos 24 horas; un ' +
        'endpoint que falla una y otra vez se desactiva, y sus envíos pendientes siguen al volver ' +
        'a activarlo.',
    },
    components: {
      beforeListTable: ['/src/components/admin/WebhookDisabledNotice#WebhookDisabledNotice'],
    },
    hidden: ({ user }) => !isAdmin(user),
  },
  endpoints: adminEndpoints,
  fields: [
    {
      name: 'url',
      label: ADMIN_WORDS.url,
      type: 'text',
      required: true,
      validate: validateUrl,
      admin: {
        description: {
          en: 'https:// only; never a private, loopback or link-local address. Redirects are not followed.',
          es: 'Solo https://; nunca una dirección privada, de loopback o de enlace local. No se siguen redirecciones.',
        },
      },
    },
    {
      name: 'events',
      type: 'select',
      hasMany: true,
      required: true,
      label: { en: 'Events', es: 'Eventos' },
      options: WEBHOOK_EVENTS.map((value) => ({ value, label: EVENT_LABELS[value] })),
    },
    {
      type: 'row',
      fields: [
        {
          name: 'collections',
          type: 'select',
          hasMany: true,
          label: { en: 'Collections', es: 'Colecciones' },
          options: [
            { value: 'posts', label: { en: 'Posts', es: 'Entradas' } },
            { value: 'case-studies', label: { en: 'Case studies', es: 'Casos de estudio' } },
          ],
          admin: {
            width: '50%',
            description: {
              en: 'For document events; none: every collection.',
              es: 'Para eventos de documentos; ninguna: todas.',
            },
          },
        },
        {
          // Not `locales`: its table would be named as Payload names a collection's translations.
          name: 'languages',
          type: 'select',
          hasMany: true,
          label: { en: 'Languages', es: 'Idiomas' },
          options: LOCALES.map((value) => ({ value, label: ADMIN_LOCALE_LABELS[value] })),
          admin: {
            width: '50%',
            description: {
              en: 'For document events; none: every language.',
              es: 'Para eventos de documentos; ninguno: todos.',
            },
          },
        },
      ],
    },
    {
      name: 'includeContent',
      type: 'checkbox',
      defaultValue: false,
      label: {
        en: 'Include content (published text, inquiries’ sender and message)',
        es: 'Incluir contenido (texto publicado, remitente y mensaje de las consultas)',
      },
      admin: {
        description: {
          en: 'Off: ids, slugs, languages and public URLs only. Drafts are never sent.',
          es: 'Desactivado: solo ids, slugs, idiomas y URL públicas. Los borradores nunca se envían.',
        },
      },
    },
    {
      name: 'deliveryLog',
      label: { en: 'Delivery log', es: 'Registro de envíos' },
      type: 'ui',
      admin: {
        components: { Field: '/src/components/admin/WebhookDeliveryLog#WebhookDeliveryLog' },
      },
    },
    {
      name: 'enabled',
      type: 'checkbox',
      defaultValue: true,
      label: { en: 'Enabled', es: 'Activado' },
      admin: { position: 'sidebar' },
    },
    {
      name: 'secret',
      type: 'text',
      label: { en: 'Signing secret', es: 'Secreto de firma' },
      admin: {
        ...sidebarReadOnly,
        description: {
          en: 'Verify each webhook with this (any Standard Webhooks library). Made on save.',
          es: 'Verifique cada webhook con este secreto (cualquier biblioteca de Standard Webhooks). Se crea al guardar.',
        },
      },
    },
    { name: 'previousSecret', type: 'text', admin: { hidden: true } },
    {
      name: 'previousSecretExpiresAt',
      type: 'date',
      label: { en: 'Previous secret valid until', es: 'Secreto anterior válido hasta' },
      admin: {
        ...sidebarReadOnly,
        date: { pickerAppearance: 'dayAndTime' },
        condition: (data) => Boolean(data?.previousSecretExpiresAt),
      },
    },
    {
      name: 'disabledReason',
      type: 'text',
      label: { en: 'Disabled because', es: 'Desactivado porque' },
      admin: { ...sidebarReadOnly, condition: (data) => Boolean(data?.disabledReason) },
    },
    {
      name: 'disabledAt',
      type: 'date',
      label: { en: 'Disabled at', es: 'Desactivado el' },
      admin: {
        ...sidebarReadOnly,
        date: { pickerAppearance: 'dayAndTime' },
        condition: (data) => Boolean(data?.disabledAt),
      },
    },
  ],
  hooks: {
    beforeChange: [manageSecretAndState],
    afterChange: [resumeWhenEnabled],
    afterDelete: [forgetDeliveries],
  },
}
