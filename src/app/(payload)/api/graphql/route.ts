// POST /api/graphql – Payload's GraphQL API, private: signed-in users only
import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { ApiError, withErrorHandling } from '@/http/errors'
import { refuseOtherMethods } from '@/http/methods'
import { signedInUser } from '@/lib/auth'
import { getPayloadClient } from '@/lib/payload'

const graphql = GRAPHQL_POST(config)

export const POST = withErrorHandling(async (request: Request) => {
  const payload = await getPayloadClient()
  if (!(await signedInUser(payload, request))) {
    throw new ApiError('unauthorized', 'The GraphQL API is private; sign in or send an API key.')
  }
  return graphql(request)
})

export const OPTIONS = REST_OPTIONS(config)

export const { GET, PUT, PATCH, DELETE } = refuseOtherMethods('POST')
