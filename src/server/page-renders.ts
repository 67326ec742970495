import { AsyncResource } from 'node:async_hooks'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { availableParallelism } from 'node:os'

import { watchRenderQueue } from '@/metrics/sources'

/**
 * Page renders run a few at a time; the others wait their turn, first come first served.
 *
 * A page's render is almost all CPU (React on the server, then Next.js turning it into HTML);
 * its database reads take about a millisecond of the seven or so. Started all at once, thirty-two
 * renders on two cores each take sixteen times as long, keep their partial trees alive together,
 * and the garbage collector copies and scans all of them: measured on a page miss with 32
 * clients, a fifth more CPU per page and fewer pages a second than with four or eight at a time
 * (docs/benchmarks.md). The default leaves room for renders waiting on the database: at two per
 * core, eight clients reading while an editor published (the churn benchmark) were served less
 * in two runs of three.
 *
 * What counts as a page render is the caller's choice (src/server/main.ts: the site's HTML
 * pages). Every other request (the content API, twins, files, the admin) goes straight through.
 */
export interface PageRenders {
  /**
   * Runs `render` now if fewer than the limit are running, else when its turn comes. A render
   * counts until its response closes (sent, or the client gone); a request whose client leaves
   * while it waits is never rendered.
   */
  run(response: ServerResponse, render: () => void): void
  /** Renders running, and requests waiting for their turn. */
  readonly running: number
  readonly waiting: number
}

/** Renders at once by default: four per core the process may use. */
export const defaultPageRenders = () => 4 * availableParallelism()

export function pageRenders(limit: number): PageRenders {
  let running = 0
  const queue: { state: 'waiting' | 'running' | 'closed'; render: () => void }[] = []

  const startWaiting = () => {
    while (running < limit && queue.length > 0) {
      const turn = queue.shift()!
      // Its client left while it waited: nobody to render it for.
      if (turn.state === 'closed') continue
      running += 1
      turn.state = 'running'
      turn.render()
    }
  }

  const renders: PageRenders = {
    run(response, render) {
      const turn = {
        state: 'waiting' as 'waiting' | 'running' | 'closed',
        // A waiting render starts when another one's response closes: it runs in the context it
        // was asked for in (the request's status slot, its log context), not in that one's.
        render: AsyncResource.bind(render),
      }
      response.once('close', () => {
        const wasRunning = turn.state === 'running'
        turn.state = 'closed'
        if (!wasRunning) return
        running -= 1
        startWaiting()
      })
      queue.push(turn)
      startWaiting()
    },
    get running() {
      return running
    },
    get waiting() {
      return queue.filter((turn) => turn.state === 'waiting').length
    },
  }
  // Its depth is a metric (site_page_renders_waiting, read when scraped).
  watchRenderQueue(renders)
  return renders
}

/**
 * `handle`, with the requests `isPageRender` picks run through `renders`. What the handler
 * returns for those is not waited for (Next's request handler returns a promise the server never
 * awaits either: the response says when it is done).
 */
export function withPageRenders(
  handle: (request: IncomingMessage, response: ServerResponse) => unknown,
  renders: PageRenders,
  isPageRender: (request: IncomingMessage) => boolean,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    if (!isPageRender(request)) {
      void handle(request, response)
      return
    }
    renders.run(response, () => void handle(request, response))
  }
}
