import type { CollectionConfig, Field } from 'payload'

/**
 * Fields a test adds to posts, to show what a new field becomes on every anonymous surface: one
 * marked public, one that says nothing (private). Tests put them in with `vi.mock` of
 * `@/collections/Posts` (`postsWith`), so the contract, the OpenAPI document, the SQL reads and
 * Payload's config in that test all see them; nothing outside the test does.
 */
export const TEST_PUBLIC_NOTE: Field = {
  name: 'testPublicNote',
  type: 'text',
  custom: { public: true },
}

export const TEST_PRIVATE_NOTE: Field = { name: 'testPrivateNote', type: 'text' }

/** `Posts` with `fields` added after its own. */
export function postsWith(posts: CollectionConfig, fields: readonly Field[]): CollectionConfig {
  return { ...posts, fields: [...posts.fields, ...fields] }
}
