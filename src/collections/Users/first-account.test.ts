import type { PayloadRequest, SanitizedCollectionConfig } from 'payload'
import { describe, expect, it } from 'vitest'

import { AccountRequestError } from './account-error'
import { ADMIN_BOOTSTRAP_CONTEXT_KEY, firstAccountGuard } from './first-account'

function attempt(
  production: boolean,
  accounts: number,
  { operation = 'create', context = {} }: { operation?: string; context?: object } = {},
) {
  const req = {
    context,
    payload: { db: { count: async () => ({ totalDocs: accounts }) } },
  } as unknown as PayloadRequest
  const guard = firstAccountGuard({ production })
  return guard({
    args: {},
    collection: { slug: 'users' } as SanitizedCollectionConfig,
    context: {},
    operation,
    req,
  } as unknown as Parameters<typeof guard>[0])
}

describe('firstAccountGuard', () => {
  it('refuses the first account in production (403), unless the create-admin command asks', async () => {
    await expect(attempt(true, 0)).rejects.toBeInstanceOf(AccountRequestError)
    await expect(attempt(true, 0)).rejects.toMatchObject({ status: 403, code: 'forbidden' })
    await expect(
      attempt(true, 0, { context: { [ADMIN_BOOTSTRAP_CONTEXT_KEY]: true } }),
    ).resolves.toBeUndefined()
  })

  it('lets admins create further accounts, and development use its first-run screen', async () => {
    await expect(attempt(true, 1)).resolves.toBeUndefined()
    await expect(attempt(false, 0)).resolves.toBeUndefined()
    await expect(attempt(true, 0, { operation: 'update' })).resolves.toBeUndefined()
  })
})
