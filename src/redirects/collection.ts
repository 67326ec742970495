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
import { announceRedirect } from '@/webhooks/hooks'

import { followRedirectTarget, type RedirectFinder } from './follow'
import {
  normalRedirectSource,
  readRedirectTarget,
  REDIRECT_TARGET_MESSAGE,
  twinRedirectTarget,
} from './paths'

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

/** Redirects by their `from`, through the request's Local API (and its transaction). */
const finderFor =
  (req: PayloadRequest): RedirectFinder =>
  (from) =>
    redirectFrom(req, from)

/** The normal `from` of the redirect being saved, or null while it is not a valid one. */
const normalSourceOf = (from: unknown): string | null =>
  typeof from === 'string' ? normalRedirectSource(from) : null

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
 * `to` must be a path of this site that the site's routing leads somewhere other than back to
 * `from`: not the same page in another spelling (`/a/`, `/%61`, `/a?x=1`, its `.md` twin), not
 * a route that redirects on its own (draft preview's exit), and not into a loop through other
 * redirects, however long (src/redirects/follow.ts). Run by the admin as the editor types and on
 * every save, so the reason shows on the field.
 */
export const validateRedirectTarget: TextFieldSingleValidation = async (
  value,
  { req, siblingData, id },
) => {
  if (typeof value !== 'string') return REDIRECT_TARGET_MESSAGE
  const from = normalSourceOf((siblingData as { from?: unknown }).from)
  const followed = await followRedirectTarget(value, from, finderFor(req), id)
  return followed.kind === 'refused' ? followed.message : true
}

const fields = (fromField: Field | undefined): Field[] => [
  {
    ...(fromField as Field & { name: 'from'; type: 'text' }),
    name: 'from',
    type: 'text',
    required: true,
    unique: true,
    index: true,
    label: { en: 'From', es: 'Desde' },
    admin: {
      description: {
        en: 'The old path, e.g. /en/blog/old-slug or an old site’s /2019/05/post/. Only answered when no page lives there.',
        es: 'La ruta antigua, p. ej. /en/blog/old-slug o /2019/05/post/ de un sitio anterior. Solo se responde cuando no hay ninguna página en ella.',
      },
    },
    hooks: {
      beforeValidate: [
        ({ value }) =>
          typeof value === 'string' ? (normalRedirectSource(value) ?? value.trim()) : value,
      ],
    },
    // Any spelling the hook above brings to its normal form (the one stored) is accepted.
    validate: (value: unknown) => (normalSourceOf(value) === null ? FROM_MESSAGE : true),
  },
  {
    name: 'to',
    type: 'text',
    required: true,
    index: true,
    label: { en: 'To', es: 'Hacia' },
    admin: {
      description: {
        en: 'Where visitors go instead (301), e.g. /en/blog/new-slug.',
        es: 'Adónde van los visitantes en su lugar (301), p. ej. /en/blog/new-slug.',
      },
    },
    hooks: {
      beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim() : value)],
    },
    validate: validateRedirectTarget,
  },
  {
    name: 'source',
    label: { en: 'Source', es: 'Origen' },
    type: 'select',
    defaultValue: 'editor',
    options: [
      { label: { en: 'Renamed document', es: 'Documento renombrado' }, value: 'rename' },
      { label: { en: 'Editor', es: 'Editor' }, value: 'editor' },
    ],
    admin: {
      readOnly: true,
      position: 'sidebar',
      description: {
        en: 'Renamed document: made when a published post or case study changed its slug.',
        es: 'Documento renombrado: creada cuando una entrada o un caso de estudio publicado cambió de slug.',
      },
    },
  },
]

/**
 * Chains never form: a redirect to a path that itself redirects goes straight to the end of it
 * (A → B with B → C stored is A → C), and `to` is stored in the normal form the site answers with
 * (no 308 after the 301). A target that cannot be followed is left as sent, for the field's
 * validation to refuse with its reason.
 */
const resolveChain: CollectionBeforeChangeHook = async ({ data, req, originalDoc }) => {
  if (typeof data.to !== 'string') return data
  const from = normalSourceOf(data.from ?? originalDoc?.from)
  const followed = await followRedirectTarget(data.to, from, finderFor(req), originalDoc?.id)
  if (followed.kind === 'end') data.to = followed.to
  return data
}

/**
 * ...and redirects that led to this one's `from`, in any spelling or as its twin, now lead where
 * it does (A → B, B → C: A → C; A → B.md: A → C.md).
 */
const collapseChains: CollectionAfterChangeHook = async ({ doc, req }) => {
  const row = doc as RedirectRow
  // Every spelling of a target contains the normal path it names: the candidates are narrowed
  // by the database, and matched here as the lookup matches them.
  const { docs } = await req.payload.find({
    collection: REDIRECTS_COLLECTION,
    where: { and: [{ to: { contains: row.from } }, { id: { not_equals: row.id } }] },
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  for (const leading of docs as RedirectRow[]) {
    const target = readRedirectTarget(leading.to)
    if (target.kind !== 'path' || target.key !== row.from) continue
    await req.payload.update({
      collection: REDIRECTS_COLLECTION,
      id: leading.id,
      data: { to: target.twin ? twinRedirectTarget(row.to) : row.to },
      depth: 0,
      overrideAccess: true,
      req,
    })
  }
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
    labels: {
      singular: { en: 'Redirect', es: 'Redirección' },
      plural: { en: 'Redirects', es: 'Redirecciones' },
    },
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
      description: {
        en: 'Old paths that answer 301 to a new one. Renaming a published post or case study adds them by itself.',
        es: 'Rutas antiguas que responden 301 hacia una nueva. Renombrar una entrada o un caso de estudio publicado las añade por sí solo.',
      },
    },
    defaultSort: 'from',
    hooks: { beforeChange: [resolveChain], afterChange: [collapseChains, announceRedirect] },
    fields: ({ defaultFields }) =>
      fields(defaultFields.find((field) => 'name' in field && field.name === 'from')),
  },
}
