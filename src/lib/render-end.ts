import { cacheSignal } from 'react'

/**
 * Lets a page's render be collected once it ends.
 *
 * When a render completes, React aborts its cache signal with an `Error` it creates inside a
 * `setImmediate` callback. Until that error's `stack` is read, V8 keeps the stack's frames, and
 * a frame keeps its receiver: here the `Immediate`, whose async context holds the render, and
 * whose stale `_idleNext`/`_idlePrev` links reach the other Immediates of the same turn, which
 * hold other renders, whose errors hold later Immediates. One render kept by anything long-lived
 * (a module evaluated during a request keeps that request's context) then kept every render
 * after it: the live heap grew by some 80 KB a page rendered until the process ran out of memory.
 * Reading the stack once turns the frames into a string, which cuts the chain at every render.
 *
 * Call it from a server component every page renders (the site's root layout).
 */
export function releaseRenderWhenItEnds(): void {
  const signal = cacheSignal()
  signal?.addEventListener(
    'abort',
    () => {
      if (signal.reason instanceof Error) void signal.reason.stack
    },
    { once: true },
  )
}
