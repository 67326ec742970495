import type { PublicField } from '@/fields/public'
import { LOCALES } from '@/i18n/locales'
import type { JsonSchema } from '@/inquiries/contract'

import { ref } from './components'

/**
 * The JSON Schema of a public field's value in an anonymous read, generated from its Payload
 * config: its type (text → string, date → date-time string, rich text → `RichText`, an upload or
 * relationship → an id or, at a depth, the populated document…), whether it is required (a field
 * that may be empty reads as null), whether it is translated (`localized`), and what the field
 * adds of its own (`custom.apiSchema`: a description, a pattern). A field made public appears in
 * the OpenAPI document with no more said.
 */

/** The schema a populated document of each collection is shown as. */
const POPULATED: Record<string, string> = {
  media: 'Media',
  categories: 'Category',
  posts: 'Post',
  'case-studies': 'CaseStudy',
  // A document's author.
  'team-members': 'Person',
}

/** A localized field: the value in the requested locale, or with `locale` omitted one per locale. */
export function localized(schema: JsonSchema): JsonSchema {
  return {
    anyOf: [
      schema,
      {
        type: 'object',
        description: 'With `locale` omitted: the value in each locale.',
        propertyNames: { enum: [...LOCALES] },
        additionalProperties: { anyOf: [schema, { type: 'null' }] },
      },
    ],
  }
}

/** `schema` with the keywords the field adds, written after its `type`. */
function withOwn(schema: JsonSchema, own: Record<string, unknown> | undefined): JsonSchema {
  if (own === undefined) return schema
  return { ...('type' in schema ? { type: schema.type } : {}), ...own, ...schema }
}

/** A document related to: its id, or populated at a depth (any object for a collection not described). */
function related(relationTo: string): JsonSchema[] {
  const name = POPULATED[relationTo]
  return [{ type: 'integer' }, name ? ref(name) : { type: 'object' }]
}

/** The value of an upload or relationship field, one or many, to one collection or several. */
function relationSchema(relationTo: string | string[], hasMany: boolean): JsonSchema {
  const one: JsonSchema = Array.isArray(relationTo)
    ? {
        type: 'object',
        required: ['relationTo', 'value'],
        properties: {
          relationTo: { type: 'string', enum: relationTo },
          value: { anyOf: relationTo.flatMap(related) },
        },
      }
    : { anyOf: related(relationTo) }
  if (hasMany) return { type: ['array', 'null'], items: one }
  return { anyOf: [...((one.anyOf as JsonSchema[] | undefined) ?? [one]), { type: 'null' }] }
}

/** The values a select or radio field offers. */
function optionValues(options: readonly (string | { value: string })[]): string[] {
  return options.map((option) => (typeof option === 'string' ? option : option.value))
}

/** A value of `type`, or null where the field may be empty. */
const maybe = (type: string, required: boolean) => ({ type: required ? type : [type, 'null'] })

/** The schema of one field's value, before it is localized. */
function valueSchema(field: PublicField, insideLocalized: boolean): JsonSchema {
  const { config } = field
  // Inside a translated group or array, the fields are translated with it.
  const inner = insideLocalized || config.localized === true
  const required = config.required === true
  const hasMany = 'hasMany' in config && config.hasMany === true
  const many = (items: JsonSchema): JsonSchema => ({ type: ['array', 'null'], items })
  switch (config.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'code':
      return hasMany ? many({ type: 'string' }) : maybe('string', required)
    case 'number':
      return hasMany ? many({ type: 'number' }) : maybe('number', required)
    case 'checkbox':
      return maybe('boolean', required)
    case 'date':
      return { ...maybe('string', required), format: 'date-time' }
    case 'select':
    case 'radio': {
      const values = optionValues(config.options)
      if (hasMany) return many({ type: 'string', enum: values })
      return { ...maybe('string', required), enum: required ? values : [...values, null] }
    }
    case 'point':
      return { type: ['array', 'null'], items: { type: 'number' }, minItems: 2, maxItems: 2 }
    case 'richText':
      return { anyOf: [ref('RichText'), { type: 'null' }] }
    case 'upload':
    case 'relationship':
      return relationSchema(config.relationTo, hasMany)
    case 'group':
      return {
        type: 'object',
        properties: propertiesOf(field.fields ?? [], inner),
        additionalProperties: true,
      }
    case 'array': {
      const children = field.fields ?? []
      const requiredChildren = children
        .filter((child) => child.config.required === true)
        .map((child) => child.name)
      return many({
        type: 'object',
        ...(requiredChildren.length > 0 ? { required: requiredChildren } : {}),
        properties: { id: { type: 'string' }, ...propertiesOf(children, inner) },
        additionalProperties: false,
      })
    }
    case 'blocks':
      return many({
        type: 'object',
        required: ['blockType'],
        properties: {
          blockType: { type: 'string', enum: config.blocks.map((block) => block.slug) },
        },
        additionalProperties: true,
      })
    default:
      // Any JSON (a json field, a join): described, not constrained.
      return {}
  }
}

/** The schema of a public field's value in an anonymous read (`localized`: one per locale). */
export function fieldSchema(field: PublicField, insideLocalized = false): JsonSchema {
  const own = field.config.custom?.apiSchema
  const schema = withOwn(valueSchema(field, insideLocalized), own)
  return field.config.localized === true && !insideLocalized ? localized(schema) : schema
}

/** The properties of `fields`, in their order. */
export function propertiesOf(
  fields: readonly PublicField[],
  insideLocalized = false,
): Record<string, JsonSchema> {
  return Object.fromEntries(
    fields.map((field) => [field.name, fieldSchema(field, insideLocalized)]),
  )
}
