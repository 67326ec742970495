import type { IncomingMessage, ServerResponse } from 'node:http'

import { heldPolicy, type HeldPolicy } from '@/agents/access-policy-store'
import { POLICY_STATING_SURFACES, withAgentAccessHeaders } from '@/agents/usage-headers'
import {
  collectShownFor,
  sharedCacheFactsOf,
  shownBy,
  withSurrogateKeys,
  type SharedCacheFacts,
} from '@/cache/surrogate-keys'
import { pathOf } from '@/http/request-target'
import { isAdminServerAction, withRefusedActionStatus } from '@/http/admin-actions'
import { isAdminPath, withoutAdminOnlyHeaders } from '@/http/admin-only-headers'
import {
  cachingRuleFor,
  isPersonalRequest,
  surfaceOf,
  tightenedCacheControl,
  type Surface,
} from '@/http/cache-control'
import { withDeclaredLength } from '@/http/declared-length'
import { captureResponse, type BodyKeeper } from '@/http/response-capture'
import { withHeader, type ResponseHead } from '@/http/response-head'
import {
  takesAskedStatus,
  withAskedStatus,
  withStatusSlot,
  type StatusSlot,
} from '@/http/response-status'
import { withSecurityHeaders } from '@/http/security-headers'
import { withVaryAccept } from '@/http/vary'
import type { ContentVersions } from '@/lib/content-version'
import type { ShownContent } from '@/lib/shown-content'

import { sendHeldBody } from './held-body'
import { removesNextRuntime, REWRITE_MAX_BYTES, withoutNextRuntime } from './next-runtime'

/**
 * What the steps need to know about the request a response answers, read once per request.
 */
export interface RequestFacts {
  /** The row of the caching policy (src/http/cache-control.ts) its path belongs to. */
  surface: Surface
  /** Under /admin, where Payload's own headers belong. */
  admin: boolean
  /** Carries credentials or a cookie: its answer may be the caller's own. */
  personal: boolean
  /** A document request, to which a status its page asks for applies. */
  takesAskedStatus: boolean
  /** A call of an admin server action, which may record the status of Payload's refusal. */
  adminAction: boolean
  /** Where its page may ask for a status while it renders. */
  statusSlot: StatusSlot
  /**
   * What its answer shows, for the surrogate keys a shared cache purges by (src/cache/
   * surrogate-keys.ts); without it, a response carries none.
   */
  sharedCache?: SharedCacheFacts
  /**
   * For a response that states the agent access policy (src/agents/usage-headers.ts), the policy
   * this process holds, read as its head is finalized.
   */
  agentAccess?: () => HeldPolicy
}

/** One named adjustment of a response head: a pure function of the request and the head. */
export interface PipelineStep {
  readonly name: string
  readonly apply: (head: ResponseHead, request: RequestFacts) => ResponseHead
}

export interface ResponsePipeline {
  readonly steps: readonly PipelineStep[]
  /** The head that goes out: every step, in order. */
  finalize(head: ResponseHead, request: RequestFacts): ResponseHead
}

/**
 * Every adjustment the project's server makes to the heads of responses Next.js renders, in the
 * order they apply. Order matters where one step reads what another decides:
 * - `page-status` and `action-refusal` come first: the caching policy keeps no error, so a page
 *   that asked for its 404 (or an admin action Payload refused) must have its status by the time
 *   the policy looks;
 * - `declared-length`, `admin-only-headers` and `vary-accept` repair what Next.js and Payload did
 *   to the head; `security-headers` then fills in what the route did not set itself;
 * - `agent-access` states the agent access policy (`Content-Usage`, `X-Robots-Tag`) before the
 *   caching policy looks: a statement that may be outdated goes out `no-store`, which it keeps;
 * - `caching-policy` comes next to last, so nothing after it can loosen what it decided;
 * - `shared-cache-keys` reads what it decided: only a response it left public carries surrogate
 *   keys (the step may tighten it further, never loosen it).
 */
export function responseSteps(securityHeaders: readonly (readonly [string, string])[]) {
  return [
    {
      name: 'page-status',
      apply: (head, request) =>
        request.takesAskedStatus ? withAskedStatus(head, request.statusSlot.status) : head,
    },
    {
      name: 'action-refusal',
      apply: (head, request) =>
        request.adminAction ? withRefusedActionStatus(head, request.statusSlot.status) : head,
    },
    { name: 'declared-length', apply: (head) => withDeclaredLength(head) },
    {
      name: 'admin-only-headers',
      apply: (head, request) => (request.admin ? head : withoutAdminOnlyHeaders(head)),
    },
    { name: 'vary-accept', apply: (head) => withVaryAccept(head) },
    { name: 'security-headers', apply: (head) => withSecurityHeaders(head, securityHeaders) },
    {
      name: 'agent-access',
      apply: (head, request) =>
        request.agentAccess ? withAgentAccessHeaders(head, request.agentAccess()) : head,
    },
    { name: 'caching-policy', apply: withCachingPolicy },
    {
      name: 'shared-cache-keys',
      apply: (head, request) => withSurrogateKeys(head, request.sharedCache),
    },
  ] as const satisfies readonly PipelineStep[]
}

/** The caching policy's `Cache-Control` for this response (`tightenedCacheControl`). */
function withCachingPolicy(head: ResponseHead, request: RequestFacts): ResponseHead {
  const sent = head.headers['cache-control']
  const said = sent === undefined ? undefined : Array.isArray(sent) ? sent.join(', ') : String(sent)
  const value = tightenedCacheControl(
    said,
    cachingRuleFor(request.surface, head.status),
    request.personal,
  )
  return value === said ? head : withHeader(head, 'cache-control', value)
}

export function responsePipeline(steps: readonly PipelineStep[]): ResponsePipeline {
  return {
    steps,
    finalize(head, request) {
      let out = head
      for (const step of steps) out = step.apply(out, request)
      return out
    },
  }
}

/**
 * The facts of `request`, read as its render begins; `shown` tells what the render has reported
 * showing so far (for the surrogate keys of its answer).
 */
export function requestFactsOf(
  request: IncomingMessage,
  statusSlot: StatusSlot,
  shown: () => ShownContent | undefined = () => undefined,
  versions?: ContentVersions,
): RequestFacts {
  const surface = surfaceOf(pathOf(request.url))
  return {
    surface,
    admin: isAdminPath(request.url ?? '/'),
    personal: isPersonalRequest(request.headers),
    takesAskedStatus: takesAskedStatus(request.headers),
    adminAction: isAdminServerAction(request.method, request.url, request.headers),
    statusSlot,
    agentAccess: POLICY_STATING_SURFACES.has(surface) ? () => heldPolicy(versions) : undefined,
    sharedCache: sharedCacheFactsOf(
      request.method,
      request.url,
      request.headers,
      surface,
      shown,
      versions,
    ),
  }
}

/** How a render's response is captured besides its head. */
export interface RenderOptions {
  /** The response cache filling an entry on a miss (it took Accept-Encoding off the request). */
  keep?: BodyKeeper
  /** Hears the head that goes out (the response cache drops what an editor's write changed). */
  written?: (head: ResponseHead) => void
  /**
   * Whether the site's pages go out without Next's client runtime where they don't keep it
   * (next-runtime.ts); off, they go out as Next renders them. Default on.
   */
  removeNextRuntime?: boolean
  /**
   * The content versions its answer is read under (src/lib/content-version.ts): by default the
   * process's, which the response cache and the change feed share.
   */
  versions?: ContentVersions
}

/**
 * Hands a request to the application (`handle`, Next.js) with the one capture of its response
 * installed (src/http/response-capture.ts): its head finalized by this pipeline, the one place the
 * heads of rendered responses are adjusted; its body held where the response cache keeps it
 * (`keep`) or a page is rewritten without Next's client runtime, else streamed. A held body that
 * nobody else sends goes out compressed as the client accepts (held-body.ts).
 */
export function renderThroughPipeline(
  request: IncomingMessage,
  response: ServerResponse,
  pipeline: ResponsePipeline,
  handle: (request: IncomingMessage, response: ServerResponse) => unknown,
  { keep, written, removeNextRuntime = true, versions }: RenderOptions = {},
): void {
  const statusSlot: StatusSlot = { path: pathOf(request.url) }
  const facts = requestFactsOf(request, statusSlot, () => shownBy(response), versions)
  const rewrite = removeNextRuntime && removesNextRuntime(request)
  const acceptEncoding = keep ? keep.acceptEncoding : request.headers['accept-encoding']
  // A page to rewrite is rendered uncompressed (Next would compress it first), and compressed
  // once rewritten.
  if (rewrite) delete request.headers['accept-encoding']
  captureResponse(response, {
    finalizeHead: (head) => pipeline.finalize(head, facts),
    written,
    keep,
    ...(rewrite ? { rewriteHtml: withoutNextRuntime, rewriteMaxBytes: REWRITE_MAX_BYTES } : {}),
    sendHeld: (held, status, body) => sendHeldBody(held, status, body, acceptEncoding),
  })
  // What the render reports showing is collected here, once, for the surrogate keys of its answer
  // and for the response cache that stores it (src/cache/surrogate-keys.ts).
  collectShownFor(response, () => void withStatusSlot(statusSlot, () => handle(request, response)))
}
