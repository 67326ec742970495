import { describe, expect, it, vi } from 'vitest'

import { untilStarted } from './script-process'

function runs(...codes: number[]) {
  const runOnce = vi.fn(async () => codes.shift() ?? 0)
  return runOnce
}

describe('untilStarted', () => {
  it('starts a script again when it quit while loading (exit 13)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const runOnce = runs(13, 0)
    expect(await untilStarted(runOnce)).toBe(0)
    expect(runOnce).toHaveBeenCalledTimes(2)
  })

  it("keeps a started script's exit code, failures included", async () => {
    const runOnce = runs(1, 0)
    expect(await untilStarted(runOnce)).toBe(1)
    expect(runOnce).toHaveBeenCalledTimes(1)
  })

  it('gives up after three attempts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const runOnce = runs(13, 13, 13, 0)
    expect(await untilStarted(runOnce)).toBe(13)
    expect(runOnce).toHaveBeenCalledTimes(3)
  })
})
