import { AsyncLocalStorage } from 'node:async_hooks'
import { EventEmitter } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'

import { describe, expect, it } from 'vitest'

import { pageRenders, withPageRenders } from './page-renders'

/** As much of a response as the renders look at: its `close` event. */
class FakeResponse extends EventEmitter {
  /** The response is sent. */
  finish() {
    this.emit('close')
  }
  /** The client went away. */
  abort() {
    this.emit('close')
  }
}

const response = () => new FakeResponse()
const asResponse = (fake: FakeResponse) => fake as unknown as ServerResponse

describe('page renders', () => {
  it('runs at most the limit at once, and the waiting ones in the order they came', () => {
    const renders = pageRenders(2)
    const started: number[] = []
    const responses = [0, 1, 2, 3].map(() => response())
    responses.forEach((fake, index) => renders.run(asResponse(fake), () => started.push(index)))
    expect(started).toEqual([0, 1])
    expect([renders.running, renders.waiting]).toEqual([2, 2])

    responses[1]!.finish()
    expect(started).toEqual([0, 1, 2])
    responses[0]!.abort() // a client leaving mid-render frees its place too
    expect(started).toEqual([0, 1, 2, 3])
    expect([renders.running, renders.waiting]).toEqual([2, 0])

    responses[2]!.finish()
    responses[3]!.finish()
    expect([renders.running, renders.waiting]).toEqual([0, 0])
  })

  it('never renders a request whose client left while it waited, nor counts it', () => {
    const renders = pageRenders(1)
    const started: string[] = []
    const first = response()
    const left = response()
    const last = response()
    renders.run(asResponse(first), () => started.push('first'))
    renders.run(asResponse(left), () => started.push('left'))
    renders.run(asResponse(last), () => started.push('last'))
    left.abort()
    expect(renders.waiting).toBe(1)
    first.finish()
    expect(started).toEqual(['first', 'last'])
    expect(renders.running).toBe(1)
    last.finish()
    expect(renders.running).toBe(0)
    // Its place was never taken: the next request starts at once.
    renders.run(asResponse(response()), () => started.push('next'))
    expect(started).toEqual(['first', 'last', 'next'])
  })

  it('starts a waiting render in the context it was asked for in', () => {
    const renders = pageRenders(1)
    const storage = new AsyncLocalStorage<string>()
    const seen: (string | undefined)[] = []
    const first = response()
    storage.run('first request', () =>
      renders.run(asResponse(first), () => seen.push(storage.getStore())),
    )
    storage.run('second request', () =>
      renders.run(asResponse(response()), () => seen.push(storage.getStore())),
    )
    // The second starts from the first one's `close`, inside the first request's context.
    storage.run('first request', () => first.finish())
    expect(seen).toEqual(['first request', 'second request'])
  })

  it('sends what is not a page render straight through, however many renders wait', () => {
    const renders = pageRenders(1)
    const handled: string[] = []
    const handle = withPageRenders(
      (request) => handled.push(request.url!),
      renders,
      (request) => request.url!.startsWith('/en'),
    )
    const request = (url: string) => ({ url }) as IncomingMessage
    handle(request('/en'), asResponse(response()))
    handle(request('/en/blog'), asResponse(response()))
    handle(request('/api/posts'), asResponse(response()))
    expect(handled).toEqual(['/en', '/api/posts'])
    expect(renders.waiting).toBe(1)
  })
})
