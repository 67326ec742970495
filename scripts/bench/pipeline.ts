/**
 * The response pipeline's cost per rendered response (src/server/response-pipeline.ts), measured
 * alone: the steps on a page's head as Next.js leaves it, and the same through a Node response's
 * writeHead. Cache hits never run it (their head is stored finalized), so this is what a miss or
 * an uncached response pays on top of Next.js. Run: npx tsx scripts/bench/pipeline.ts
 */
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'

import { PUBLISHED_CACHE_CONTROL } from '@/http/cache-control'
import { captureResponse } from '@/http/response-capture'
import { securityHeaders } from '@/http/security-headers'
import { requestFactsOf, responsePipeline, responseSteps } from '@/server/response-pipeline'

const ROUNDS = 200_000
const pipeline = responsePipeline(responseSteps(securityHeaders('https://site.test', false)))

function pageRequest(): IncomingMessage {
  const request = new IncomingMessage(new Socket())
  request.url = '/en/blog?page=2'
  request.headers = { accept: 'text/html', 'accept-encoding': 'gzip, br' }
  return request
}

const PAGE_HEAD = {
  status: 200,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': PUBLISHED_CACHE_CONTROL,
    link: '</en/blog.md>; rel="alternate"; type="text/markdown"',
    vary: 'rsc, next-router-state-tree, Sec-CH-Prefers-Color-Scheme',
    'accept-ch': 'Sec-CH-Prefers-Color-Scheme',
    'x-middleware-rewrite': 'http://localhost:3000/en/blog',
    'x-request-id': '3b1f0c8e-0000-4000-8000-000000000000',
  },
}

function measure(name: string, run: () => void): void {
  for (let round = 0; round < ROUNDS / 10; round += 1) run()
  const started = process.hrtime.bigint()
  for (let round = 0; round < ROUNDS; round += 1) run()
  const ns = Number(process.hrtime.bigint() - started) / ROUNDS
  console.log(`${name.padEnd(44)} ${(ns / 1000).toFixed(2)} µs per response`)
}

const request = pageRequest()
measure('facts of the request', () => requestFactsOf(request, {}))
const facts = requestFactsOf(request, {})
measure('steps on a page head', () => pipeline.finalize(PAGE_HEAD, facts))
measure('a response head written through the capture and pipeline', () => {
  const response = new ServerResponse(request)
  for (const [name, value] of Object.entries(PAGE_HEAD.headers)) response.setHeader(name, value)
  captureResponse(response, {
    finalizeHead: (head) => pipeline.finalize(head, requestFactsOf(request, {})),
    sendHeld: () => undefined,
  })
  response.writeHead(200)
})
measure('the same head written without it', () => {
  const response = new ServerResponse(request)
  for (const [name, value] of Object.entries(PAGE_HEAD.headers)) response.setHeader(name, value)
  response.writeHead(200)
})
