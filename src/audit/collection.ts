import type { CollectionConfig, Field } from 'payload'

import { adminsOnly, isAdmin } from '@/access/admins'
import { ADMIN_LOCALE_LABELS, ADMIN_WORDS } from '@/i18n/admin-text'
import { LOCALES } from '@/i18n/locales'

import { ACTOR_TYPE_LABELS, ACTOR_TYPES, AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from './actions'
import { AUDIT_LOG } from './settings'

/** Nobody: entries are written by the audit hooks alone, through the database adapter. */
const nobody = () => false

const readOnly = <T extends Field>(field: T): T =>
  ({ ...field, admin: { ...('admin' in field ? field.admin : {}), readOnly: true } }) as T

/**
 * The audit log (src/audit/): an append-only record of who did what — sign-ins, publishing,
 * deletions, redirects, accounts and API keys, the inquiry inbox. Admins read it, in the admin
 * and over REST; nobody creates, changes or deletes an entry through the admin or the API
 * (create, update and delete are refused to everyone, GraphQL has no part of it), and the table
 * refuses updates outright. Entries older than AUDIT_LOG_RETENTION_DAYS are deleted (prune.ts).
 */
export const AuditLog: CollectionConfig = {
  slug: AUDIT_LOG,
  labels: {
    singular: { en: 'Audit log entry', es: 'Entrada del registro de auditoría' },
    plural: { en: 'Audit log', es: 'Registro de auditoría' },
  },
  access: {
    read: adminsOnly,
    create: nobody,
    update: nobody,
    delete: nobody,
  },
  admin: {
    useAsTitle: 'action',
    group: ADMIN_WORDS.settingsGroup,
    defaultColumns: [
      'createdAt',
      'action',
      'actorEmail',
      'target',
      'targetTitle',
      'locale',
      'clientAddress',
    ],
    listSearchableFields: ['actorEmail', 'targetTitle', 'targetId'],
    description: {
      en:
        'Who did what: sign-ins (with the client address), publishing, deletions, redirects, ' +
        'accounts and API keys, and the inquiry inbox. Entries cannot be changed or deleted; ' +
        'they are removed after the retention period. Filter by action, account or date.',
      es:
        'Quién hizo qué: inicios de sesión (con la dirección del cliente), publicaciones, ' +
        'eliminaciones, redirecciones, cuentas y claves de API, y la bandeja de consultas. Las ' +
        'entradas no se pueden cambiar ni eliminar; se borran al acabar el periodo de retención. ' +
        'Filtre por acción, cuenta o fecha.',
    },
    disableCopyToLocale: true,
    hidden: ({ user }) => !isAdmin(user),
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  lockDocuments: false,
  graphQL: false,
  // One document's history, newest first.
  indexes: [{ fields: ['target', 'targetId'] }],
  fields: [
    readOnly({
      name: 'action',
      type: 'select',
      required: true,
      index: true,
      label: { en: 'Action', es: 'Acción' },
      options: AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] })),
    }),
    {
      type: 'row',
      fields: [
        readOnly({
          name: 'actorType',
          type: 'select',
          required: true,
          label: { en: 'Actor', es: 'Actor' },
          options: ACTOR_TYPES.map((value) => ({ value, label: ACTOR_TYPE_LABELS[value] })),
          admin: { width: '25%' },
        }),
        readOnly({
          name: 'actorEmail',
          type: 'text',
          index: true,
          label: { en: 'Account (email then)', es: 'Cuenta (correo entonces)' },
          admin: { width: '50%' },
        }),
        readOnly({
          name: 'actorId',
          type: 'number',
          label: { en: 'Account id', es: 'Id de la cuenta' },
          admin: { width: '25%' },
        }),
      ],
    },
    {
      type: 'row',
      fields: [
        readOnly({
          name: 'target',
          type: 'text',
          required: true,
          label: { en: 'Collection or global', es: 'Colección o global' },
          admin: { width: '25%' },
        }),
        readOnly({
          name: 'targetId',
          type: 'text',
          label: { en: 'Id', es: 'Id' },
          admin: { width: '25%' },
        }),
        readOnly({
          name: 'targetTitle',
          type: 'text',
          label: { en: 'Title then', es: 'Título entonces' },
          admin: { width: '50%' },
        }),
      ],
    },
    {
      type: 'row',
      fields: [
        readOnly({
          name: 'locale',
          type: 'select',
          label: { en: 'Language', es: 'Idioma' },
          options: LOCALES.map((value) => ({ value, label: ADMIN_LOCALE_LABELS[value] })),
          admin: { width: '50%' },
        }),
        readOnly({
          name: 'clientAddress',
          type: 'text',
          label: { en: 'Client address', es: 'Dirección del cliente' },
          admin: { width: '50%' },
        }),
      ],
    },
    readOnly({
      name: 'detail',
      type: 'json',
      label: { en: 'Detail', es: 'Detalle' },
    }),
  ],
}
