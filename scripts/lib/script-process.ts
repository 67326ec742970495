/**
 * Running the project's TypeScript scripts (migrate, seed, create-admin, the development server)
 * in a child process with tsx.
 *
 * On Node 20, tsx loads modules on a separate hooks thread, and now and then (more often under
 * load) the main thread stops waiting for it: Node quits with code 13, "unsettled top-level await",
 * before the script has run a line. The one-shot scripts hold the event loop open with a timer from
 * their first statement on, and the server holds it with its listening socket once it has started,
 * so a 13 means that nothing ran and starting again is safe. (Holding the loop open from a preload
 * instead turns the 13 into a hang: the module request is lost, not late.)
 */

/** Node's exit code when the entry module's top-level await never settles. */
const NEVER_STARTED = 13
const ATTEMPTS = 3

export function scriptNodeArgs(script: string, args: readonly string[] = []): string[] {
  return ['--import', 'tsx', script, ...args]
}

/** Runs a script through `runOnce` (which resolves with its exit code) until it gets to start. */
export async function untilStarted(runOnce: () => Promise<number>): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const code = await runOnce()
    if (code !== NEVER_STARTED || attempt === ATTEMPTS) return code
    console.error(`The script quit while loading (exit ${NEVER_STARTED}); starting it again.`)
  }
}
