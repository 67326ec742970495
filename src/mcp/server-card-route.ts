import 'server-only'

import { agentAccessStatement } from '@/agents/policy-statements'
import { env } from '@/env'
import { withErrorHandling } from '@/http/errors'
import { textResponse } from '@/http/text-response'

import { asJsonFile, serverCard } from './discovery'

/**
 * GET and HEAD of the server card, with the site's agent access policy. Readable from any origin,
 * as the proposal asks: it is public metadata, and browser-based clients fetch it before they
 * connect.
 */
export function serverCardRoute() {
  return withErrorHandling(async (request: Request) =>
    textResponse(request, {
      body: asJsonFile(serverCard(env.SITE_URL, await agentAccessStatement(env.SITE_URL))),
      contentType: 'application/json; charset=utf-8',
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET',
        'Access-Control-Allow-Headers': 'Content-Type',
      },
    }),
  )
}
