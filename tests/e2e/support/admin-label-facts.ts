/**
 * Prints, as JSON, what the Spanish admin scan (admin-spanish-labels.spec.ts) needs of the Payload
 * config: the project's English labels, each collection's own list cells, and the globals. Run
 * as a script (tsx) because Playwright's loader cannot import the config (it imports JSON files
 * without import attributes).
 */
import type { Field } from 'payload'

import configPromise from '@payload-config'
import { englishLabels } from '@/i18n/admin-labels'

export interface AdminLabelFacts {
  english: string[]
  collections: { slug: string; cells: string[] }[]
  globals: string[]
}

/** The names of a collection's select and ui fields (through rows and collapsibles): its own cells. */
function ownCellNames(fields: readonly Field[]): string[] {
  return fields.flatMap((field) => {
    if ((field.type === 'row' || field.type === 'collapsible') && 'fields' in field) {
      return ownCellNames(field.fields)
    }
    if ((field.type === 'select' || field.type === 'ui') && 'name' in field) return [field.name]
    return []
  })
}

async function main(): Promise<void> {
  const config = await configPromise
  const facts: AdminLabelFacts = {
    english: englishLabels(config),
    collections: config.collections
      // Not the import/export plugin's `exports`: its view is the plugin's own UI.
      .filter(
        (collection) =>
          !collection.slug.startsWith('payload-') &&
          collection.slug !== 'exports' &&
          collection.admin?.hidden !== true,
      )
      .map((collection) => ({ slug: collection.slug, cells: ownCellNames(collection.fields) })),
    globals: config.globals
      .filter((global) => global.admin?.hidden !== true)
      .map((global) => global.slug),
  }
  process.stdout.write(JSON.stringify(facts))
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
