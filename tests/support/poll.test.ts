import { describe, expect, it } from 'vitest'

import { eventually, poll, readUntil, waitUntil } from './poll'

/** An attempt that gives nothing `misses` times, then `value`; it counts its calls. */
function after<T>(misses: number, value: T) {
  const calls = { count: 0 }
  const attempt = () => (++calls.count > misses ? value : undefined)
  return { calls, attempt }
}

describe('poll', () => {
  it('resolves with the first thing an attempt returns, false included', async () => {
    const { calls, attempt } = after(2, false)
    expect(await poll('it', attempt, { everyMs: 1 })).toBe(false)
    expect(calls.count).toBe(3)
  })

  it('out of time, throws naming what it waited for, after one attempt past the deadline', async () => {
    const { calls, attempt } = after(Infinity, 1)
    await expect(poll('the thing', attempt, { withinMs: 30, everyMs: 10 })).rejects.toThrow(
      'the thing not seen within 30 ms',
    )
    expect(calls.count).toBeGreaterThanOrEqual(3)
  })

  it('gives up after `attempts`, with no limit of time unless told', async () => {
    const { calls, attempt } = after(Infinity, 1)
    await expect(poll('it', attempt, { attempts: 4, everyMs: 0 })).rejects.toThrow(
      'it not seen in 4 attempts',
    )
    expect(calls.count).toBe(4)
  })

  it('throws the message it is given, or what a function given instead gives or throws', async () => {
    const never = () => undefined
    await expect(poll('it', never, { attempts: 1, timeout: 'timed out' })).rejects.toThrow(
      /^timed out$/,
    )
    let seen = 0
    await expect(
      poll('it', () => void (seen += 1), { attempts: 2, timeout: () => `seen ${seen}` }),
    ).rejects.toThrow(/^seen 2$/)
    const own = new Error('its own')
    await expect(
      poll('it', never, {
        attempts: 1,
        timeout: () => {
          throw own
        },
      }),
    ).rejects.toBe(own)
  })

  it('lets an error an attempt throws end the polling', async () => {
    let calls = 0
    const failing = () => {
      calls += 1
      throw new Error('broken')
    }
    await expect(poll('it', failing, { everyMs: 1 })).rejects.toThrow('broken')
    expect(calls).toBe(1)
  })

  it('pauses `everyMs` between attempts', async () => {
    const { attempt } = after(3, true)
    const started = Date.now()
    await poll('it', attempt, { everyMs: 20 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(55)
  })
})

describe('waitUntil', () => {
  it('resolves with the milliseconds it took', async () => {
    const { attempt } = after(2, true)
    const took = await waitUntil('it', () => attempt() ?? false, { everyMs: 20 })
    // Two pauses of 20 ms (a timer may fire a millisecond early).
    expect(took).toBeGreaterThanOrEqual(38)
    expect(took).toBeLessThan(1_000)
  })
})

describe('eventually', () => {
  it('resolves with what the check returns once it stops throwing', async () => {
    let calls = 0
    const check = () => {
      calls += 1
      if (calls < 3) throw new Error(`not yet ${calls}`)
      return 'done'
    }
    expect(await eventually(check, { everyMs: 1 })).toBe('done')
  })

  it("out of time, throws the check's last error", async () => {
    let calls = 0
    const check = () => {
      calls += 1
      throw new Error(`failure ${calls}`)
    }
    await expect(eventually(check, { attempts: 3, everyMs: 0 })).rejects.toThrow(/^failure 3$/)
  })
})

describe('readUntil', () => {
  it('resolves with the first value that is done', async () => {
    let calls = 0
    expect(
      await readUntil(
        () => (calls += 1),
        (n) => n === 2,
        { everyMs: 0 },
      ),
    ).toBe(2)
  })

  it('out of time, resolves with the last value read, for the caller to assert on', async () => {
    let calls = 0
    expect(
      await readUntil(
        () => (calls += 1),
        () => false,
        { attempts: 5, everyMs: 0 },
      ),
    ).toBe(5)
  })

  it('passes on an error the read throws', async () => {
    const broken = () => {
      throw new Error('broken')
    }
    await expect(readUntil(broken, () => true, { everyMs: 0 })).rejects.toThrow('broken')
  })
})
