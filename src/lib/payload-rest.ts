import 'server-only'

import configPromise from '@payload-config'
import { handleEndpoints } from 'payload'

/** Hands a request to Payload's REST API unchanged (its access control applies as usual). */
export function payloadRest(request: Request): Promise<Response> {
  return handleEndpoints({ config: configPromise, request })
}
