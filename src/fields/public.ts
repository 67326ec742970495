import type { Field, FieldAffectingData, SelectIncludeType, SelectType, TabAsField } from 'payload'

/**
 * Which fields of a document anonymous callers see is said on the field itself, in its `custom`
 * settings, and a field that says nothing is private: the public API, the site, its feeds and
 * twins, MCP and the OpenAPI document all read the lists derived here (src/content/contract.ts),
 * so a field added without `custom.public` appears on none of them.
 */
declare module 'payload' {
  interface FieldCustom {
    /** Shown to anonymous callers. Absent: private (never selected, documented or sorted on). */
    public?: boolean
    /** Public lists may be ordered by it (a top-level field held in one column). */
    sortable?: boolean
    /**
     * JSON Schema keywords the OpenAPI document adds to the field's schema, which is otherwise
     * generated from its type (src/agents/openapi/fields.ts): a description, a pattern.
     */
    apiSchema?: Record<string, unknown>
  }
}

/** A field that holds data under a name, as Payload's answer shows it. */
export type DataField = Exclude<FieldAffectingData, TabAsField> & { name: string }

/** A public field, and for a group or an array the public fields inside it. */
export interface PublicField {
  name: string
  /** Payload's config of the field; a named tab reads as the group it is in the data. */
  config: DataField
  /** A group's or an array's public fields (an array's rows also show their `id`). */
  fields?: PublicField[]
  /** Whether a data field inside it is private: reads then select only its public parts. */
  partial: boolean
}

/**
 * The timestamps Payload adds to every collection: public, sortable, always set. Declared here
 * because they are not in the collections' own config.
 */
export const TIMESTAMP_FIELDS: readonly DataField[] = [
  { name: 'createdAt', type: 'date', required: true, custom: { public: true, sortable: true } },
  { name: 'updatedAt', type: 'date', required: true, custom: { public: true, sortable: true } },
]

/** `id` is always shown and may always be sorted on. */
export const ID_FIELD = 'id'

/**
 * The fields that hold data among `fields`, as a document nests them: rows, collapsibles,
 * unnamed groups and unnamed tabs only lay fields out, so their fields are the document's; a
 * named tab is a group. Fields that show nothing (`ui`) are left out.
 */
export function dataFields(fields: readonly Field[]): DataField[] {
  return fields.flatMap((field): DataField[] => {
    switch (field.type) {
      case 'row':
      case 'collapsible':
        return dataFields(field.fields)
      case 'tabs':
        return field.tabs.flatMap((tab) =>
          'name' in tab && tab.name
            ? [{ ...tab, type: 'group', name: tab.name } as unknown as DataField]
            : dataFields(tab.fields),
        )
      case 'group':
        return 'name' in field && field.name ? [field as DataField] : dataFields(field.fields)
      case 'ui':
        return []
      default:
        return 'name' in field ? [field as DataField] : []
    }
  })
}

/** The fields inside a group or an array (Payload adds an `id` to each array row). */
function innerFields(field: DataField): readonly Field[] | undefined {
  return field.type === 'group' || field.type === 'array' ? field.fields : undefined
}

/** An array row's own `id`, added by Payload: as public as the row. */
const isRowId = (parent: DataField, field: DataField) =>
  parent.type === 'array' && field.name === ID_FIELD

/** The fields of `fields` marked public (`custom.public`), with the public fields inside them. */
export function publicFieldsOf(fields: readonly Field[]): PublicField[] {
  return publicAmong(dataFields(fields))
}

function publicAmong(data: readonly DataField[]): PublicField[] {
  return data
    .filter((field) => field.custom?.public === true)
    .map((field) => {
      const inner = innerFields(field)
      if (inner === undefined) return { name: field.name, config: field, partial: false }
      const shown = dataFields(inner).filter((child) => !isRowId(field, child))
      const children = publicAmong(shown)
      const partial = children.length < shown.length || children.some((child) => child.partial)
      return { name: field.name, config: field, fields: children, partial }
    })
}

/**
 * A collection's public fields in the order of Payload's answer (its fields' order), then the
 * timestamps Payload adds. Works on a collection's config as written or as Payload sanitized it.
 */
export function publicDocumentFields(fields: readonly Field[]): PublicField[] {
  const timestamps = new Set(TIMESTAMP_FIELDS.map((field) => field.name))
  return [
    ...publicFieldsOf(fields).filter((field) => !timestamps.has(field.name)),
    ...publicAmong(TIMESTAMP_FIELDS),
  ]
}

/**
 * The public fields a list may be sorted on (`custom.sortable`), `id` last; the default sort's
 * field first, where it is one of them.
 */
export function sortableFieldsOf(fields: readonly PublicField[], defaultSort: string): string[] {
  const sortable = fields
    .filter((field) => field.config.custom?.sortable === true)
    .map((field) => field.name)
  const first = defaultSort.replace(/^-/, '')
  const ordered = sortable.includes(first)
    ? [first, ...sortable.filter((name) => name !== first)]
    : sortable
  return [...ordered, ID_FIELD]
}

/**
 * Payload's `select` of each public field: `true` for the whole field, or, for a group or array
 * with private fields inside it, a selection of its public parts.
 */
export function publicSelect(fields: readonly PublicField[]): SelectIncludeType {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.partial && field.fields
        ? {
            ...(field.config.type === 'array' ? { [ID_FIELD]: true } : {}),
            ...publicSelect(field.fields),
          }
        : true,
    ]),
  )
}

/**
 * `select` narrowed to what `allowed` (a `publicSelect`) shows: a field it does not name is
 * dropped, a field it shows in part is selected in that part.
 */
export function narrowSelect(select: SelectType, allowed: SelectIncludeType): SelectIncludeType {
  const narrowed: SelectIncludeType = {}
  for (const [name, wanted] of Object.entries(select)) {
    const shown = allowed[name]
    if (shown === undefined || wanted === false) continue
    if (wanted === true) narrowed[name] = shown
    else if (shown === true) narrowed[name] = wanted as SelectIncludeType
    else narrowed[name] = narrowSelect(wanted, shown)
  }
  return narrowed
}
