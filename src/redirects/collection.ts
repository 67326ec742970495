import type { RedirectsPluginConfig } from '@payloadcms/plugin-redirects/types'
import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  Field,
  PayloadRequest,
  TextFieldSingleValidation,
} from 'payload'

import { authenticated } from '@/access/authenticated'
import { editorsOrAdmins } from '@/access/roles'

import { isSafeRedirectTarget, normalRedirectSource } from './paths'

export const REDIRECTS_COLLECTION = 'redirects'

/** Who made a redirect: the site, when a published document's slug changed, or an editor. */
export const REDIRECT_SOURCES = ['rename', 'editor'] as const
export type RedirectSource = (typeof REDIRECT_SOURCES)[number]

export interface RedirectRow {
  id: number
  from: string
  to: string
  source?: RedirectSource | null
}

const FROM_MESSAGE =
  'Use a path of this site, starting with one "/" and without a query, e.g. /old-page (not /, /api or /admin).'
const TO_MESSAGE =
  'Use a path of this site, starting with one "/", e.g. /en/blog/new-slug (no other site, no "//", backslash or control character).'

/** The redirect from `from`, if there is one (the one indexed query a lookup costs). */
export async function redirectFrom(
  req: PayloadRequest,
  from: string,
): Promise<RedirectRow | undefined> {
  const { docs } = await req.payload.find({
    collection: REDIRECTS_COLLECTION,
    where: { from: { equals: from } },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return docs[0] as RedirectRow | undefined
}

/**
 * `to` must be a same-site path, and must not lead back to `from`: directly, or through the
 * redirect already leaving `to` (chains are kept one hop long, so one look is enough). Only an
 * editor can make such a loop: the site removes the redirect a rename back would loop through
 * before it adds the new one.
 */
export const validateRedirectTarget: TextFieldSingleValidation = async (
  value,
  { req, siblingData, id },
) => {
  if (typeof value !== 'string' || !isSafeRedirectTarget(value)) return TO_MESSAGE
  const from = normalRedirectSource(String((siblingData as { from?: unknown }).from ?? ''))
  if (from === null) return true
  if (value === from) return `A redirect cannot lead to its own path (${from}).`
  const onward = await redirectFrom(req, value)
  if (onward && onward.id !== id && onward.to === from) {
    return `This redirect would loop: ${value} already redirects to ${from}. Change or delete that redirect first.`
  }
  return true
}

const fields = (fromField: Field | undefined): Field[] => [
  {
    ...(fromField as Field & { name: 'from'; type: 'text' }),
    name: 'from',
    type: 'text',
    required: true,
    unique: true,
    index: true,
    label: 'From',
    admin: {
      description:
        'The old path, e.g. /en/blog/old-slug or an old site’s /2019/05/post/. Only answered when no page lives there.',
    },
    hooks: {
      beforeValidate: [
        ({ value }) =>
          typeof value === 'string' ? (normalRedirectSource(value) ?? value.trim()) : value,
      ],
    },
    validate: (value: unknown) =>
      typeof value === 'string' && normalRedirectSource(value) === value ? true : FROM_MESSAGE,
  },
  {
    name: 'to',
    type: 'text',
    required: true,
    index: true,
    label: 'To',
    admin: { description: 'Where visitors go instead (301), e.g. /en/blog/new-slug.' },
    hooks: {
      beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim() : value)],
    },
    validate: validateRedirectTarget,
  },
  {
    name: 'source',
    type: 'select',
    defaultValue: 'editor',
    options: [
      { label: 'Renamed document', value: 'rename' },
      { label: 'Editor', value: 'editor' },
    ],
    admin: {
      readOnly: true,
      position: 'sidebar',
      description: 'Renamed document: made when a published post or case study changed its slug.',
    },
  },
]

/**
 * Chains never form: a redirect to a path that itself redirects goes straight to the end of it
 * (A → B with B → C stored is A → C)...
 */
const skipHops: CollectionBeforeChangeHook = async ({ data, req, originalDoc }) => {
  if (typeof data.to !== 'string') return data
  const onward = await redirectFrom(req, data.to)
  if (onward && onward.id !== originalDoc?.id && onward.to !== data.from) data.to = onward.to
  return data
}

/** ...and redirects that led to this one's `from` now lead where it does (A → B, B → C: A → C). */
const collapseChains: CollectionAfterChangeHook = async ({ doc, req }) => {
  const row = doc as RedirectRow
  await req.payload.update({
    collection: REDIRECTS_COLLECTION,
    where: { and: [{ to: { equals: row.from } }, { id: { not_equals: row.id } }] },
    data: { to: row.to },
    depth: 0,
    overrideAccess: true,
    req,
  })
  return doc
}

/**
 * The redirects collection, made by the official redirects plugin with the project's fields:
 * `to` is a same-site path rather than the plugin's document reference, because a document has
 * one URL per locale. Private: editors manage it in the admin; the site's own lookup reads it
 * with access overridden, so anonymous REST and GraphQL callers never see it.
 */
export const redirectsPluginConfig: RedirectsPluginConfig = {
  overrides: {
    slug: REDIRECTS_COLLECTION,
    labels: { singular: 'Redirect', plural: 'Redirects' },
    access: {
      read: authenticated,
      // A redirect is live the moment it is saved (no drafts): an editor's change, not an author's.
      create: editorsOrAdmins,
      update: editorsOrAdmins,
      delete: editorsOrAdmins,
    },
    admin: {
      useAsTitle: 'from',
      defaultColumns: ['from', 'to', 'source', 'updatedAt'],
      description:
        'Old paths that answer 301 to a new one. Renaming a published post or case study adds them by itself.',
    },
    defaultSort: 'from',
    hooks: { beforeChange: [skipHops], afterChange: [collapseChains] },
    fields: ({ defaultFields }) =>
      fields(defaultFields.find((field) => 'name' in field && field.name === 'from')),
  },
}
