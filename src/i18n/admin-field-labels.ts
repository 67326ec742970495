/**
 * Keeps the admin's field labels in each editor's own language.
 *
 * Payload's `getClientSchemaMap` (`@payloadcms/ui/utilities/getClientSchemaMap`) keeps, for the
 * life of the process, one map of client fields per collection or global, keyed by its slug
 * alone. Those client fields carry labels already translated, in the language of whichever
 * editor's request built the map first. Every later editor, whatever their language, then got
 * that editor's words in everything the map serves: the rich-text link drawer ("Text to display",
 * "Link type", "Open in new tab"), the version comparison ("Last modified"), the fields of any
 * drawer or form state built on the server.
 *
 * Payload builds the map again whenever `globalThis._payload_doNotCacheClientSchemaMap` is true
 * (its development reload sets it) and clears the flag after each build. Holding the flag at true
 * makes it build the map for the request in hand, in that request's language; React's request
 * cache still builds it once per render. Payload's own client configuration cache is per language
 * already, and the server-side schema map holds no translated words, so both stay cached.
 *
 * Remove once Payload keys that cache by language too: `admin-field-labels.test.ts` fails then.
 */
export const CLIENT_SCHEMA_MAP_REBUILD_FLAG = '_payload_doNotCacheClientSchemaMap'

export function keepAdminFieldLabelsPerLanguage(): void {
  Object.defineProperty(globalThis, CLIENT_SCHEMA_MAP_REBUILD_FLAG, {
    configurable: true,
    get: () => true,
    // Payload clears the flag after every build (and sets it on a development reload): ignored.
    set: () => {},
  })
}
