/**
 * Documents with text of their own for the site-search tests (the API, the pages and the MCP
 * tool), each findable by a word no other document holds.
 */
import { randomInt } from 'node:crypto'

import { asAdminJson } from './api'
import { lexical, uniqueSlug } from './factories'

/**
 * A word no other document holds (letters only, so every stemmer leaves it recognisable). It is an
 * identity, not generated data: what a test sees depends only on the word being unique, never on
 * its letters, so it is not seeded (tests/support/fuzz-seed.ts). A seed would repeat the same
 * words in every test file on the shared database, and in every run on a kept one.
 */
export function nonce(): string {
  const letters = 'bcdfghjklmnpqrstvwxz'
  let word = 'zq'
  for (let index = 0; index < 8; index += 1) word += letters[randomInt(letters.length)]
  return word
}

export interface SearchText {
  title: string
  excerpt?: string
  body: string
}

/** A post or case study with its own body text in each language given. */
export async function createWithText(
  collection: 'posts' | 'case-studies',
  status: 'published' | 'draft',
  texts: { en: SearchText; es?: SearchText },
  options: { publishedAt?: string } = {},
): Promise<{ id: number; slug: string }> {
  const slug = uniqueSlug('search')
  const draft = status === 'draft' ? '&draft=true' : ''
  const { doc } = await asAdminJson<{ doc: { id: number } }>(
    `/api/${collection}?locale=en${draft}`,
    {
      method: 'POST',
      body: JSON.stringify({
        _status: status,
        slug,
        title: texts.en.title,
        excerpt: texts.en.excerpt ?? 'An excerpt.',
        content: lexical(texts.en.body),
        internalNotes: 'INTERNAL-SEARCH-MARKER',
        publishedAt: options.publishedAt,
      }),
    },
  )
  if (texts.es) {
    await asAdminJson(`/api/${collection}/${doc.id}?locale=es${draft}`, {
      method: 'PATCH',
      body: JSON.stringify({
        _status: status,
        title: texts.es.title,
        excerpt: texts.es.excerpt ?? 'Un resumen.',
        content: lexical(texts.es.body),
      }),
    })
  }
  return { id: doc.id, slug }
}
