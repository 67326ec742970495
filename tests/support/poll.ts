/** How long a test waits for an effect it polls for (a publish reaching every surface). */
export const POLL_WITHIN_MS = 10_000

/**
 * Calls `attempt` until it returns something, every 50 ms; throws naming `what` when nothing came
 * within `withinMs`.
 */
export async function poll<T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  withinMs = POLL_WITHIN_MS,
): Promise<T> {
  const deadline = Date.now() + withinMs
  for (;;) {
    const result = await attempt()
    if (result !== undefined) return result
    if (Date.now() > deadline) throw new Error(`${what} not seen within ${withinMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
