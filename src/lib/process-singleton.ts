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
