import { processSingleton } from './process-singleton'

/** A route's handler as Next.js would call it: a Web request in, a Web response out. */
export type InProcessHandler = (request: Request) => Promise<Response>

/** What the project's server knows of a request before it builds a Web request for it. */
export interface InProcessRequestFacts {
  method: string
  /** The path, without its query. */
  pathname: string
  /** Whether it carries a credential (an `Authorization` header or a session cookie). */
  credentialed: boolean
  /** Its `Accept` header, for routes that answer a page in another form. */
  accept: string | undefined
}

/** Names the handler that answers a request, or null to leave it to Next.js. */
export type InProcessRouter = (request: InProcessRequestFacts) => InProcessHandler | null

/**
 * Routes the project's server may answer in this process without Next.js's routing around them:
 * filled by the application inside Next's bundle at start (src/instrumentation.ts) and read by
 * the server (src/server/in-process.ts), each from its own copy of this module, hence the
 * process-wide map. Until a route registers, Next.js answers its requests as usual.
 */
function routers(): Map<string, InProcessRouter> {
  return processSingleton('in-process-routes', () => new Map<string, InProcessRouter>())
}

/** Registers (or replaces) the router named `name`; returns what removes it. */
export function registerInProcessRoutes(name: string, router: InProcessRouter): () => void {
  routers().set(name, router)
  return () => {
    if (routers().get(name) === router) routers().delete(name)
  }
}

/** The registered handler for this request, if any router claims it. */
export function inProcessHandlerFor(request: InProcessRequestFacts): InProcessHandler | null {
  for (const router of routers().values()) {
    const handler = router(request)
    if (handler) return handler
  }
  return null
}
