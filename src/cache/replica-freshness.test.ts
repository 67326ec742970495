import { describe, expect, it } from 'vitest'

import { replicaFreshness, replicaFreshnessOf, type WalProbes } from './replica-freshness'

/**
 * A primary whose WAL position is a counter the test advances, and replicas that have replayed up
 * to another counter; every probe is recorded in order.
 */
function fakeWal() {
  const state = { primary: 10, replayed: 10, failing: false, probes: [] as string[] }
  const probes: WalProbes = {
    async primaryPosition() {
      state.probes.push('primary')
      if (state.failing) throw new Error('connection refused')
      return String(state.primary)
    },
    async replayedUpTo(position) {
      state.probes.push(`replica>=${position}`)
      if (state.failing) throw new Error('connection refused')
      return state.replayed >= Number(position)
    },
    async close() {},
  }
  return { state, probes }
}

async function until(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const FAST = { pollMinMs: 2, pollMaxMs: 10 }

describe('replicaFreshness', () => {
  it('without replicas is always current and queries nothing', async () => {
    const seen: boolean[] = []
    const freshness = replicaFreshnessOf('postgres://primary.invalid/db', [], {
      onCurrent: (current) => seen.push(current),
    })
    freshness.changeHeard()
    expect(freshness.current).toBe(true)
    expect(seen).toEqual([])
    await freshness.close()
  })

  it('is not current from the moment a change is heard until replicas replay past it', async () => {
    const { state, probes } = fakeWal()
    const seen: boolean[] = []
    const freshness = replicaFreshness(probes, { ...FAST, onCurrent: (c) => seen.push(c) })
    freshness.changeHeard()
    await until(() => freshness.current)
    expect(seen).toEqual([true])

    state.primary = 20
    freshness.changeHeard()
    // Synchronously: nothing may be stored from the moment the change is heard.
    expect(freshness.current).toBe(false)
    expect(seen).toEqual([true, false])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(freshness.current).toBe(false)
    expect(state.probes).toContain('replica>=20')

    state.replayed = 20
    await until(() => freshness.current)
    expect(seen).toEqual([true, false, true])
    await freshness.close()
  })

  it('reads the primary position after the change was heard, again for a change heard while waiting', async () => {
    const { state, probes } = fakeWal()
    const freshness = replicaFreshness(probes, { ...FAST, onCurrent: () => undefined })
    state.primary = 30
    freshness.changeHeard()
    await until(() => state.probes.includes('replica>=30'))
    state.primary = 40
    freshness.changeHeard()
    // Replicas reach the first change's position only: still not current.
    state.replayed = 30
    await until(() => state.probes.includes('replica>=40'))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(freshness.current).toBe(false)
    state.replayed = 40
    await until(() => freshness.current)
    expect(state.probes[0]).toBe('primary')
    await freshness.close()
  })

  it('stays not current while the servers cannot be asked, reports it, and recovers', async () => {
    const { state, probes } = fakeWal()
    const slow: { caughtUp: boolean; error?: string }[] = []
    const freshness = replicaFreshness(probes, {
      ...FAST,
      slowAfterMs: 20,
      onCurrent: () => undefined,
      onSlow: (event) => slow.push(event),
    })
    state.failing = true
    freshness.changeHeard()
    await until(() => slow.length === 1)
    expect(freshness.current).toBe(false)
    expect(slow[0]).toMatchObject({ caughtUp: false, error: 'connection refused' })
    state.failing = false
    await until(() => freshness.current)
    expect(slow[1]).toMatchObject({ caughtUp: true })
    await freshness.close()
  })

  it('stops asking once closed', async () => {
    const { state, probes } = fakeWal()
    const freshness = replicaFreshness(probes, { ...FAST, onCurrent: () => undefined })
    state.replayed = 0
    freshness.changeHeard()
    await until(() => state.probes.length > 2)
    await freshness.close()
    const asked = state.probes.length
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(state.probes.length).toBeLessThanOrEqual(asked + 1)
    expect(freshness.current).toBe(false)
  })
})
