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
