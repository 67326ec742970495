import { readFileSync } from 'node:fs'
import path from 'node:path'

import jsonld from 'jsonld'

/**
 * Checking the site's JSON-LD offline: expansion in safe mode against a vendored schema.org
 * context, and whether every node a block names by `@id` alone is defined somewhere it may be.
 *
 * `tests/fixtures/schemaorg-context.jsonld` is an excerpt of schema.org's own context file
 * (release 26.0, data/releases/26.0/schemaorgcontext.jsonld in schemaorg/schemaorg): the term
 * definitions of exactly the classes and properties the pages and the feed use, copied as they
 * are there, and deliberately without the `@vocab` fallback. With it, safe mode fails on any term
 * that schema.org does not define the way we think, instead of quietly mapping it through the
 * vocabulary; anything valid against the excerpt is valid against the full context. One term is
 * not in schema.org's context file: `query-input`, the input annotation of a SearchAction
 * (schema.org/docs/actions.html, and what search engines read). The full context maps it through
 * its `@vocab` to `http://schema.org/query-input`; the excerpt, having no `@vocab`, names that
 * same IRI for it.
 */

const CONTEXT_URLS = new Set([
  'https://schema.org',
  'https://schema.org/',
  'http://schema.org',
  'http://schema.org/',
  'https://schema.org/docs/jsonldcontext.jsonld',
])
const VENDORED_CONTEXT = JSON.parse(
  readFileSync(path.resolve('tests/fixtures/schemaorg-context.jsonld'), 'utf8'),
) as object

/** Every URL the document loader was asked for (the tests check that it was used at all). */
export const requestedContexts: string[] = []

/** Serves the vendored context and nothing else: no network. */
async function documentLoader(url: string) {
  requestedContexts.push(url)
  if (!CONTEXT_URLS.has(url)) throw new Error(`offline: refusing to load ${url}`)
  return { contextUrl: undefined, document: VENDORED_CONTEXT, documentUrl: url }
}

export const expandJsonLd = (document: object) =>
  jsonld.expand(
    document as jsonld.JsonLdDocument,
    { documentLoader, safe: true } as jsonld.Options.Expand,
  ) as Promise<Record<string, unknown>[]>

export const SCHEMA = 'http://schema.org/'

/**
 * The node ids a set of JSON-LD blocks uses, as written: `defined` are nodes given with
 * properties of their own, `referenced` are objects that carry nothing but an `@id` (which a
 * reader can only follow if the node is defined somewhere it has).
 */
export function nodeIds(blocks: readonly unknown[]): {
  defined: Set<string>
  referenced: string[]
} {
  const defined = new Set<string>()
  const referenced: string[] = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (!value || typeof value !== 'object') return
    const node = value as Record<string, unknown>
    const id = node['@id']
    if (typeof id === 'string') {
      const ownKeys = Object.keys(node).filter((key) => key !== '@id' && key !== '@context')
      if (ownKeys.length === 0) referenced.push(id)
      else defined.add(id)
    }
    for (const [key, child] of Object.entries(node)) if (key !== '@context') visit(child)
  }
  blocks.forEach(visit)
  return { defined, referenced }
}

/** The ids referenced but not defined in `blocks`, nor among `elsewhere`. */
export function unresolvedIds(
  blocks: readonly unknown[],
  elsewhere: ReadonlySet<string> = new Set(),
): string[] {
  const { defined, referenced } = nodeIds(blocks)
  return referenced.filter((id) => !defined.has(id) && !elsewhere.has(id))
}

/** The JSON of every `<script type="application/ld+json">` in a page. */
export function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    ([, json]) => JSON.parse(json!) as unknown,
  )
}
