import type { Field } from 'payload'
import { describe, expect, it } from 'vitest'

import {
  narrowSelect,
  publicDocumentFields,
  publicFieldsOf,
  publicSelect,
  sortableFieldsOf,
} from './public'

const shown = { public: true } as const

/** Each public field's name, with its public fields inside, and whether it hides some. */
const shape = (fields: ReturnType<typeof publicFieldsOf>): unknown =>
  fields.map((field) =>
    field.fields ? { [field.name]: shape(field.fields), partial: field.partial } : field.name,
  )

describe('publicFieldsOf', () => {
  it('keeps only fields marked public: a field that says nothing is private', () => {
    const fields: Field[] = [
      { name: 'title', type: 'text', custom: shown },
      { name: 'notes', type: 'textarea' },
      { name: 'flag', type: 'checkbox', custom: { public: false } },
      { name: 'list', type: 'ui', admin: { components: {} } },
    ]
    expect(shape(publicFieldsOf(fields))).toEqual(['title'])
  })

  it('reads through rows, collapsibles, unnamed groups and unnamed tabs; a named tab is a group', () => {
    const fields: Field[] = [
      { type: 'row', fields: [{ name: 'a', type: 'text', custom: shown }] },
      {
        type: 'collapsible',
        label: 'More',
        fields: [
          { name: 'b', type: 'number', custom: shown },
          { name: 'secret', type: 'text' },
        ],
      },
      { type: 'group', fields: [{ name: 'c', type: 'date', custom: shown }] },
      {
        type: 'tabs',
        tabs: [
          { label: 'One', fields: [{ name: 'd', type: 'text', custom: shown }] },
          {
            name: 'named',
            label: 'Two',
            custom: shown,
            fields: [
              { name: 'e', type: 'text', custom: shown },
              { name: 'hidden', type: 'text' },
            ],
          },
          { name: 'privateTab', label: 'Three', fields: [{ name: 'f', type: 'text' }] },
        ],
      },
    ]
    expect(shape(publicFieldsOf(fields))).toEqual([
      'a',
      'b',
      'c',
      'd',
      { named: ['e'], partial: true },
    ])
  })

  it("knows a group or an array that hides a field inside it; an array row's id is public", () => {
    const fields: Field[] = [
      {
        name: 'results',
        type: 'array',
        custom: shown,
        fields: [
          { name: 'id', type: 'text' },
          { name: 'value', type: 'text', custom: shown },
        ],
      },
      {
        name: 'meta',
        type: 'group',
        custom: shown,
        fields: [
          { name: 'title', type: 'text', custom: shown },
          { name: 'internal', type: 'text' },
        ],
      },
    ]
    const found = publicFieldsOf(fields)
    expect(shape(found)).toEqual([
      { results: ['value'], partial: false },
      { meta: ['title'], partial: true },
    ])
    // Reads select the whole array, and of the group its public part only.
    expect(publicSelect(found)).toEqual({ results: true, meta: { title: true } })
  })

  it("adds Payload's timestamps, public and sortable, after the collection's own fields", () => {
    const fields: Field[] = [
      { name: 'title', type: 'text', custom: { public: true, sortable: true } },
      { name: 'publishedAt', type: 'date', custom: { public: true, sortable: true } },
      // As in a sanitized config: Payload's own, unmarked.
      { name: 'updatedAt', type: 'date' },
      { name: 'createdAt', type: 'date' },
    ]
    const found = publicDocumentFields(fields)
    expect(found.map((field) => field.name)).toEqual([
      'title',
      'publishedAt',
      'createdAt',
      'updatedAt',
    ])
    expect(sortableFieldsOf(found, '-publishedAt')).toEqual([
      'publishedAt',
      'title',
      'createdAt',
      'updatedAt',
      'id',
    ])
  })
})

describe('narrowSelect', () => {
  it('drops private fields and narrows a partly public group to its public part', () => {
    const allowed = { title: true, meta: { title: true } } as const
    expect(narrowSelect({ title: true, notes: true, meta: true }, allowed)).toEqual({
      title: true,
      meta: { title: true },
    })
    expect(narrowSelect({ meta: { title: true, internal: true } }, allowed)).toEqual({
      meta: { title: true },
    })
    expect(narrowSelect({ title: true }, { title: true, meta: true })).toEqual({ title: true })
    expect(narrowSelect({ meta: { description: true } }, { meta: true })).toEqual({
      meta: { description: true },
    })
  })
})
