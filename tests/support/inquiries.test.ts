import ipaddr from 'ipaddr.js'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { clientBucket } from '@/http/client-address'

/**
 * Every test file loads this module afresh, and a budget spent by one file lasts up to an hour on
 * the shared app: identities must not repeat across module instances, whatever the clock says.
 */
async function freshModule() {
  vi.resetModules()
  return import('./inquiries')
}

afterEach(() => {
  vi.useRealTimers()
})

/**
 * Each test imports the module afresh twenty times, as twenty test files would: seconds on a
 * machine busy with builds, more than Vitest's default 5 s.
 */
const FRESH_IMPORTS_TIMEOUT_MS = 30_000

describe('test identities', () => {
  it(
    'uniqueClient never repeats a budget bucket across test files, as the app writes it',
    async () => {
      vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), toFake: ['Date'] })
      const addresses: string[] = []
      for (let file = 0; file < 20; file += 1) {
        const { uniqueClient } = await freshModule()
        addresses.push(...Array.from({ length: 1000 }, uniqueClient))
      }
      expect(new Set(addresses.map(clientBucket)).size).toBe(addresses.length)
      for (const address of addresses.slice(0, 500)) {
        expect(ipaddr.parse(address).toString()).toBe(address)
      }
    },
    FRESH_IMPORTS_TIMEOUT_MS,
  )

  it(
    'validInquiry never repeats a sender across test files',
    async () => {
      vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), toFake: ['Date'] })
      const senders: unknown[] = []
      for (let file = 0; file < 20; file += 1) {
        const { validInquiry } = await freshModule()
        senders.push(...Array.from({ length: 1000 }, () => validInquiry().email))
      }
      expect(new Set(senders).size).toBe(senders.length)
    },
    FRESH_IMPORTS_TIMEOUT_MS,
  )
})
