import { queryObjects } from 'node:v8'

import { describe, expect, it, vi } from 'vitest'

import { releaseRenderWhenItEnds } from './render-end'

const cacheSignal = vi.hoisted(() => vi.fn<() => AbortSignal | null>())
vi.mock('react', () => ({ cacheSignal }))

const Immediate = setImmediate(() => undefined).constructor as new () => unknown
const liveImmediates = () => queryObjects(Immediate, { format: 'count' })

/**
 * Ends a render as React does: its cache signal aborted with an Error made inside a
 * `setImmediate` callback, called as a method of its Immediate.
 */
function endRenderInAnImmediate(controller: AbortController): Promise<void> {
  return new Promise((resolve) => {
    setImmediate(function performWork() {
      controller.abort(new Error('This render completed successfully.'))
      resolve()
    })
  })
}

describe('releaseRenderWhenItEnds', () => {
  it('lets go of the Immediate a render ended in, while its abort reason is kept', async () => {
    const controller = new AbortController()
    cacheSignal.mockReturnValue(controller.signal)
    releaseRenderWhenItEnds()
    const before = liveImmediates()
    await endRenderInAnImmediate(controller)
    expect(liveImmediates()).toBe(before)
    expect(controller.signal.reason).toBeInstanceOf(Error)
  })

  it('without it, the reason keeps that Immediate (what the read lets go)', async () => {
    const controller = new AbortController()
    const before = liveImmediates()
    await endRenderInAnImmediate(controller)
    expect(liveImmediates()).toBe(before + 1)
    void (controller.signal.reason as Error).stack
    expect(liveImmediates()).toBe(before)
  })

  it('does nothing outside a render', () => {
    cacheSignal.mockReturnValue(null)
    expect(() => releaseRenderWhenItEnds()).not.toThrow()
  })
})
