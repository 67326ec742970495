import type { CollectionConfig } from 'payload'

/** The accounts' two-factor credentials (table `two_factor_credentials`), one row per account. */
export const TWO_FACTOR_CREDENTIALS = 'two-factor-credentials' as const

const nobody = () => false

/**
 * Each account's two-factor credential, in a table of its own rather than on the account's row:
 * Payload writes an account's whole row back whenever it starts or ends a session (its sessions
 * list), from a copy read earlier, which would undo a time step or recovery code spent meanwhile
 * (two sign-ins with one code at once both got in). Here only this feature writes (store.ts).
 * Nobody reads it through any API: no access, no GraphQL, not in the admin.
 */
export const TwoFactorCredentials: CollectionConfig = {
  slug: TWO_FACTOR_CREDENTIALS,
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  admin: { hidden: true },
  graphQL: false,
  lockDocuments: false,
  fields: [
    // The account (its id; no relationship: nothing joins it, and deleting the account deletes it).
    { name: 'account', type: 'number', required: true, unique: true, index: true },
    /** Sealed (secret-box.ts); null until the first code confirmed it. */
    { name: 'secret', type: 'text' },
    /** Sealed: the secret being set up, until its first code. */
    { name: 'pendingSecret', type: 'text' },
    /** The last time step accepted (replay protection). */
    { name: 'lastStep', type: 'number' },
    /** The unused recovery codes' digests, separated by spaces. */
    { name: 'recoveryCodes', type: 'text' },
  ],
}
