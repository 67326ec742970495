import type { SanitizedConfig } from 'payload'

import { LOCALES } from './locales'

/**
 * Every label the project gives Payload's admin, read from the built configuration: collections'
 * and globals' names, groups and descriptions, fields' labels and descriptions (through rows,
 * collapsibles, tabs, groups, arrays and blocks), select options, and the content languages' names.
 * `admin-labels.test.ts` holds each to having English and Spanish words of its own, and the
 * browser test looks for the English ones in the Spanish admin.
 *
 * Not ours, so not read: Payload's own collections (`payload-*`), collections the admin never
 * shows, fields it never shows (`hidden`), labels Payload writes as functions (its own
 * translations: `_status`, timestamps, upload and auth fields), and the fields of the plugins'
 * collections named in PLUGIN_OWNED_FIELDS (their names are ours, their fields the plugin's UI).
 */
export type AdminLabel = { where: string; value: unknown }

/** Collections whose fields are a plugin's own interface (its words, Payload's translations). */
export const PLUGIN_OWNED_FIELDS: ReadonlySet<string> = new Set(['exports'])

/**
 * Words Spanish writes as English does: technical names and loanwords an editor reads as they are.
 */
export const SAME_IN_BOTH_LANGUAGES: ReadonlySet<string> = new Set([
  'API',
  'CSV',
  'Editor',
  'Email',
  'ID',
  'Id',
  'JSON',
  'MCP',
  'Actor',
  'Roles',
  'SEO',
  'Slug',
  'Spam',
  'URL',
  'Webhooks',
])

type AnyRecord = Record<string, unknown>

const asRecord = (value: unknown): AnyRecord =>
  value && typeof value === 'object' ? (value as AnyRecord) : {}

function isHiddenField(field: AnyRecord): boolean {
  return field.hidden === true || asRecord(field.admin).hidden === true
}

function fieldLabels(fields: unknown, where: string, out: AdminLabel[]): void {
  if (!Array.isArray(fields)) return
  for (const raw of fields) {
    const field = asRecord(raw)
    if (isHiddenField(field)) continue
    const name = typeof field.name === 'string' ? field.name : undefined
    // Payload's automatic row id of arrays and blocks: never shown as a field.
    if (name === 'id') continue
    const here = `${where}.${name ?? String(field.type)}`
    if (field.type !== 'row' && field.type !== 'tabs' && field.label !== undefined) {
      out.push({ where: `${here} label`, value: field.label })
    }
    const admin = asRecord(field.admin)
    if (admin.description !== undefined) {
      out.push({ where: `${here} description`, value: admin.description })
    }
    if (field.labels !== undefined) {
      const labels = asRecord(field.labels)
      out.push({ where: `${here} singular`, value: labels.singular })
      out.push({ where: `${here} plural`, value: labels.plural })
    }
    if (Array.isArray(field.options)) {
      for (const option of field.options) {
        const value = typeof option === 'string' ? option : asRecord(option).value
        const label = typeof option === 'string' ? option : asRecord(option).label
        out.push({ where: `${here} option ${String(value)}`, value: label })
      }
    }
    fieldLabels(field.fields, here, out)
    if (Array.isArray(field.tabs)) {
      for (const rawTab of field.tabs) {
        const tab = asRecord(rawTab)
        const tabWhere = `${here}[${typeof tab.name === 'string' ? tab.name : JSON.stringify(tab.label)}]`
        if (tab.label !== undefined) out.push({ where: `${tabWhere} label`, value: tab.label })
        if (tab.description !== undefined) {
          out.push({ where: `${tabWhere} description`, value: tab.description })
        }
        fieldLabels(tab.fields, tabWhere, out)
      }
    }
    if (Array.isArray(field.blocks)) {
      for (const rawBlock of field.blocks) {
        const block = asRecord(rawBlock)
        const blockWhere = `${here}{${String(block.slug)}}`
        const labels = asRecord(block.labels)
        out.push({ where: `${blockWhere} singular`, value: labels.singular })
        out.push({ where: `${blockWhere} plural`, value: labels.plural })
        fieldLabels(block.fields, blockWhere, out)
      }
    }
  }
}

/** The labels of a collection or global the admin shows, its fields' included. */
function entityLabels(entity: AnyRecord, where: string, out: AdminLabel[]): void {
  const admin = asRecord(entity.admin)
  if (entity.label !== undefined) out.push({ where: `${where} label`, value: entity.label })
  if (entity.labels !== undefined) {
    const labels = asRecord(entity.labels)
    out.push({ where: `${where} singular`, value: labels.singular })
    out.push({ where: `${where} plural`, value: labels.plural })
  }
  if (admin.group !== undefined && admin.group !== false) {
    out.push({ where: `${where} group`, value: admin.group })
  }
  if (admin.description !== undefined) {
    out.push({ where: `${where} description`, value: admin.description })
  }
  if (!PLUGIN_OWNED_FIELDS.has(String(entity.slug))) fieldLabels(entity.fields, where, out)
}

export function adminLabels(config: SanitizedConfig): AdminLabel[] {
  const out: AdminLabel[] = []
  for (const collection of config.collections) {
    if (collection.slug.startsWith('payload-')) continue
    if (collection.admin?.hidden === true) continue
    entityLabels(collection as unknown as AnyRecord, `collection ${collection.slug}`, out)
  }
  for (const global of config.globals) {
    if (global.admin?.hidden === true) continue
    entityLabels(global as unknown as AnyRecord, `global ${global.slug}`, out)
  }
  const localization = config.localization
  if (localization) {
    for (const locale of localization.locales) {
      out.push({ where: `locale ${locale.code} label`, value: locale.label })
    }
  }
  // Payload's own translations (functions of `t`) are not ours to check.
  return out.filter((entry) => typeof entry.value !== 'function')
}

/** What is wrong with a label: not in both languages, or Spanish words that are the English. */
export function labelProblem(value: unknown): string | null {
  if (typeof value === 'string') return `English only: "${value}"`
  const text = asRecord(value)
  for (const language of LOCALES) {
    if (typeof text[language] !== 'string' || !(text[language] as string).trim()) {
      return `no ${language} text in ${JSON.stringify(value)}`
    }
  }
  if (text.es === text.en && !SAME_IN_BOTH_LANGUAGES.has(text.en as string)) {
    return `Spanish is the English: "${String(text.en)}"`
  }
  return null
}

/** The English words of the project's labels (for looking for them in the Spanish admin). */
export function englishLabels(config: SanitizedConfig): string[] {
  const words = new Set<string>()
  for (const { value } of adminLabels(config)) {
    const en = asRecord(value).en
    if (typeof en === 'string' && !SAME_IN_BOTH_LANGUAGES.has(en)) words.add(en)
  }
  return [...words]
}
