import { describe, expect, it } from 'vitest'

import { AGENT_ACCESS_KEY, ContentVersions } from '@/lib/content-version'

import { OPEN_POLICY, type AccessPolicy } from './access-policy'
import { policyOfRow, testing } from './access-policy-store'

const { loadPolicy, POLICY_STATEMENT } = testing

const NO_TRAINING: AccessPolicy = {
  allow: { search: true, 'ai-input': true, 'ai-train': false },
  crawlers: [],
}

function connectedVersions(): ContentVersions {
  const versions = new ContentVersions()
  versions.setFeedConnected(true)
  return versions
}

describe('policyOfRow', () => {
  it('reads the open policy when the global was never saved, or a column is empty', () => {
    expect(policyOfRow(undefined)).toEqual(OPEN_POLICY)
    expect(policyOfRow({ allow_search: null, crawlers: undefined })).toEqual(OPEN_POLICY)
  })

  it('reads the site’s choices and each override, “as the site” left out', () => {
    expect(
      policyOfRow({
        allow_search: true,
        allow_ai_input: false,
        allow_ai_train: false,
        crawlers: [
          {
            agent: 'GPTBot',
            search: 'inherit',
            ai_input: 'allow',
            ai_train: 'refuse',
            refuse_requests: true,
          },
        ],
      }),
    ).toEqual({
      allow: { search: true, 'ai-input': false, 'ai-train': false },
      crawlers: [
        { agent: 'GPTBot', allow: { 'ai-input': true, 'ai-train': false }, refuseRequests: true },
      ],
    })
  })

  it('reads the global’s tables and columns in one statement', () => {
    for (const name of ['agent_access', 'agent_access_crawlers', 'allow_ai_train', 'ai_input'])
      expect(POLICY_STATEMENT).toContain(name)
  })
})

describe('the held policy', () => {
  it('holds what was read with the stamp taken before, until the policy’s key advances', async () => {
    const versions = connectedVersions()
    const state = {}
    let reads = 0
    const query = async () => {
      reads += 1
      return NO_TRAINING
    }
    const snapshot = await loadPolicy(state, versions, query)
    expect(snapshot).toMatchObject({ policy: NO_TRAINING, refusing: false })
    expect(snapshot.headers.contentUsage).toBe('train-ai=n, search=y')
    expect(versions.isFresh([AGENT_ACCESS_KEY], snapshot.stamp)).toBe(true)
    versions.advance(['settings'])
    expect(versions.isFresh([AGENT_ACCESS_KEY], snapshot.stamp)).toBe(true)
    versions.advance([AGENT_ACCESS_KEY])
    expect(versions.isFresh([AGENT_ACCESS_KEY], snapshot.stamp)).toBe(false)
    expect(reads).toBe(1)
  })

  it('shares a read under way while nothing changed, and keeps the newest when reads overlap', async () => {
    const versions = connectedVersions()
    const state: Parameters<typeof loadPolicy>[0] = {}
    const pending: ((policy: AccessPolicy) => void)[] = []
    const query = () => new Promise<AccessPolicy>((resolve) => pending.push(resolve))
    const first = loadPolicy(state, versions, query)
    expect(loadPolicy(state, versions, query)).toBe(first)
    versions.advance([AGENT_ACCESS_KEY])
    const second = loadPolicy(state, versions, query)
    expect(second).not.toBe(first)
    // The newer read ends first; the older one, ending after it, does not replace it.
    pending[1]!(NO_TRAINING)
    await second
    pending[0]!(OPEN_POLICY)
    await first
    expect(state.snapshot?.policy).toEqual(NO_TRAINING)
  })
})
