/**
 * Waiting until something holds (a publish reaching a surface, a server answering, mail arriving):
 * tests and support modules do it through `poll()`, or one of the thin wrappers below built on
 * it, rather than loops of their own. Nothing here imports vitest: the benchmarks and scripts
 * that start apps (through app-server.ts) use it too.
 */

/** How long a test waits for an effect it polls for (a publish reaching every surface). */
export const POLL_WITHIN_MS = 10_000

/** The pause between two attempts, unless told otherwise. */
export const POLL_EVERY_MS = 50

export interface PollOptions {
  /**
   * Give up once this long has passed since the first attempt began. Default POLL_WITHIN_MS, or
   * no limit of time when `attempts` is given without it.
   */
  withinMs?: number
  /** Give up after this many attempts. Default: as many as the time allows. */
  attempts?: number
  /** The pause between two attempts, in ms (0: none). Default POLL_EVERY_MS. */
  everyMs?: number
  /**
   * The message of the error thrown when nothing came, or a function giving it, called then (it may
   * throw an error of its own instead: an assertion's, with its diff, or the last error seen).
   * Default: "`what` not seen within `withinMs` ms" (or "in `attempts` attempts").
   */
  timeout?: string | (() => string)
}

/**
 * Calls `attempt` until it returns something other than `undefined`, and resolves with that;
 * between two attempts it pauses `everyMs`. Once `withinMs` has passed after an attempt (or
 * `attempts` were made) it throws, naming `what`. An error `attempt` throws ends the polling.
 */
export async function poll<T>(
  what: string,
  attempt: () => T | undefined | Promise<T | undefined>,
  options: PollOptions = {},
): Promise<T> {
  const { attempts = Infinity, everyMs = POLL_EVERY_MS, timeout } = options
  const withinMs = options.withinMs ?? (options.attempts === undefined ? POLL_WITHIN_MS : Infinity)
  const deadline = Date.now() + withinMs
  for (let made = 1; ; made += 1) {
    const result = await attempt()
    if (result !== undefined) return result
    const outOfTime = Date.now() > deadline
    if (outOfTime || made >= attempts) {
      if (typeof timeout === 'function') throw new Error(timeout())
      throw new Error(
        timeout ??
          (outOfTime
            ? `${what} not seen within ${withinMs} ms`
            : `${what} not seen in ${made} attempts`),
      )
    }
    if (everyMs > 0) await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

/**
 * Polls `check` until it holds (as `poll`, with the same options); resolves with the milliseconds
 * that took, from the first attempt's start to the end of the one that held.
 */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  options: PollOptions = {},
): Promise<number> {
  const started = Date.now()
  await poll(what, async () => ((await check()) ? true : undefined), options)
  return Date.now() - started
}

/**
 * Calls `check` until it stops throwing (an assertion that passes once the effect shows), and
 * resolves with what it returned; out of time, it throws the last error `check` threw.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  options: Omit<PollOptions, 'timeout'> = {},
): Promise<T> {
  let failure: unknown
  const passed = await poll(
    'a passing check',
    async () => {
      try {
        return { value: await check() }
      } catch (error) {
        failure = error
        return undefined
      }
    },
    {
      ...options,
      timeout: () => {
        throw failure
      },
    },
  )
  return passed.value
}

/**
 * Calls `read` until `done` holds for what it returned (as `poll`, with the same options), and
 * resolves with that; out of time (or attempts) it resolves with the last value read instead of
 * throwing, for the caller's own assertion on it to fail, with its diff.
 */
export async function readUntil<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  options: Omit<PollOptions, 'timeout'> = {},
): Promise<T> {
  const outOfTime = new Error('out of time')
  let last: { value: T } | undefined
  try {
    const found = await poll(
      'a value',
      async () => {
        last = { value: await read() }
        return done(last.value) ? last : undefined
      },
      {
        ...options,
        timeout: () => {
          throw outOfTime
        },
      },
    )
    return found.value
  } catch (error) {
    if (error === outOfTime && last) return last.value
    throw error
  }
}
