import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { Webhook } from 'standardwebhooks'

/**
 * A local webhook receiver for the tests: it keeps every request it is sent and answers as told
 * (accept, fail, hang, answer slowly, hugely, or with a redirect). It can be stopped (connections
 * refused) and started again on the same port, as a receiver that is down for a while.
 */

export type ReceiverMode =
  | { kind: 'accept' }
  | { kind: 'fail'; status?: number }
  /** Reads the request and never answers. */
  | { kind: 'hang' }
  | { kind: 'slow'; delayMs: number }
  /** 200 and a body of `bytes`, written as fast as the client reads it. */
  | { kind: 'huge'; bytes: number }
  | { kind: 'redirect'; status?: number }

export interface ReceivedWebhook {
  path: string
  headers: Record<string, string>
  body: string
  /** What the receiver answered: null while it has not (hung, or still waiting). */
  answered: number | null
  arrivedAt: number
}

export interface WebhookReceiver {
  url: string
  port: number
  received: ReceivedWebhook[]
  /** Requests to the redirect's target (none, when redirects are not followed). */
  redirectTargetHits: number
  /** Bytes of huge answers written, and whether one was written in full. */
  huge: { written: number; finished: boolean }
  setMode: (mode: ReceiverMode) => void
  /** Those received with `path`, answered 2xx. */
  accepted: (path?: string) => ReceivedWebhook[]
  stop: () => Promise<void>
  start: () => Promise<void>
}

const REDIRECT_TARGET = '/redirect-target'

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  let mode: ReceiverMode = { kind: 'accept' }
  let server: Server | undefined
  const receiver: WebhookReceiver = {
    url: '',
    port,
    received: [],
    redirectTargetHits: 0,
    huge: { written: 0, finished: false },
    setMode: (next) => {
      mode = next
    },
    accepted: (path) =>
      receiver.received.filter(
        (entry) =>
          (path === undefined || entry.path === path) &&
          entry.answered !== null &&
          entry.answered >= 200 &&
          entry.answered < 300,
      ),
    stop: async () => {
      const closing = server
      server = undefined
      if (!closing) return
      closing.closeAllConnections()
      await new Promise((resolve) => closing.close(resolve))
    },
    start: async () => {
      if (server) return
      server = createServer((request, response) => handle(request, response))
      const listening = server
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject)
        listening.listen(receiver.port, '127.0.0.1', () => resolve())
      })
      receiver.port = (listening.address() as AddressInfo).port
      receiver.url = `http://127.0.0.1:${receiver.port}`
    },
  }

  function answer(entry: ReceivedWebhook, response: ServerResponse, status: number, body = '') {
    entry.answered = status
    response.writeHead(status, { 'Content-Type': 'text/plain' }).end(body)
  }

  function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.url === REDIRECT_TARGET) {
        receiver.redirectTargetHits += 1
        response.writeHead(204).end()
        return
      }
      const entry: ReceivedWebhook = {
        path: request.url ?? '',
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
        answered: null,
        arrivedAt: Date.now(),
      }
      receiver.received.push(entry)
      response.on('error', () => {})
      const current = mode
      switch (current.kind) {
        case 'accept':
          return answer(entry, response, 204)
        case 'fail':
          return answer(entry, response, current.status ?? 500, 'receiver failing on purpose')
        case 'hang':
          return
        case 'slow': {
          const timer = setTimeout(() => answer(entry, response, 204), current.delayMs)
          response.on('close', () => clearTimeout(timer))
          return
        }
        case 'redirect':
          entry.answered = current.status ?? 302
          response
            .writeHead(entry.answered, { Location: `${receiver.url}${REDIRECT_TARGET}` })
            .end()
          return
        case 'huge': {
          entry.answered = 200
          response.writeHead(200, { 'Content-Type': 'application/octet-stream' })
          const chunk = Buffer.alloc(64 * 1024, 'x')
          const pump = () => {
            while (receiver.huge.written < current.bytes) {
              receiver.huge.written += chunk.length
              if (!response.write(chunk)) return void response.once('drain', pump)
            }
            response.end(() => (receiver.huge.finished = true))
          }
          pump()
          return
        }
      }
    })
  }

  await receiver.start()
  return receiver
}

/** Whether a received webhook verifies with `secret` (Standard Webhooks, as a receiver checks). */
export function verifies(entry: ReceivedWebhook, secret: string): boolean {
  try {
    new Webhook(secret).verify(entry.body, entry.headers)
    return true
  } catch {
    return false
  }
}
