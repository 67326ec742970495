/**
 * One instance per process. Next.js may bundle a module into several route chunks, each with its
 * own module scope; state that must be shared by every route (the in-process rate limiter, the
 * Redis connection, the delivery worker) lives on globalThis under a well-known key instead.
 */
export function processSingleton<T>(key: string, create: () => T): T {
  const registry = globalThis as typeof globalThis & {
    __consultancySingletons?: Map<string, unknown>
  }
  registry.__consultancySingletons ??= new Map()
  if (!registry.__consultancySingletons.has(key))
    registry.__consultancySingletons.set(key, create())
  return registry.__consultancySingletons.get(key) as T
}

type StopAcceptingTask = { name: string; run: () => void }

/**
 * Registers what ends the responses that never end on their own (the MCP server's event
 * streams) when the process shuts down: the project's server runs these as soon as it stops
 * accepting, since it then waits for every response in flight before the shutdown tasks below.
 */
export function onStopAccepting(name: string, run: () => void): void {
  processSingleton<StopAcceptingTask[]>('stop-accepting-tasks', () => []).push({ name, run })
}

/** Runs every task `onStopAccepting` registered; one failing does not stop the others. */
export function runStopAcceptingTasks(report: (name: string, error?: unknown) => void): void {
  for (const task of processSingleton<StopAcceptingTask[]>('stop-accepting-tasks', () => [])) {
    try {
      task.run()
      report(task.name)
    } catch (error) {
      report(task.name, error)
    }
  }
}

type ShutdownTask = { name: string; run: () => Promise<void> }

/**
 * Registers work to finish, or a resource to release, when the process shuts down. The project's
 * server runs these after its last in-flight request has been answered, in the order registered.
 */
export function onShutdown(name: string, run: () => Promise<void>): void {
  processSingleton<ShutdownTask[]>('shutdown-tasks', () => []).push({ name, run })
}

/** Runs every registered shutdown task; one failing does not stop the others. */
export async function runShutdownTasks(
  report: (name: string, error?: unknown) => void,
): Promise<void> {
  for (const task of processSingleton<ShutdownTask[]>('shutdown-tasks', () => [])) {
    try {
      await task.run()
      report(task.name)
    } catch (error) {
      report(task.name, error)
    }
  }
}
