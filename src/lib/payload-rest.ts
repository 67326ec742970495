import 'server-only'

import configPromise from '@payload-config'
import { handleEndpoints } from 'payload'

import { withCheckedMethodOverride } from './payload-answers'

/**
 * Hands a request to Payload's REST API unchanged (its access control applies as usual), but for
 * a POST read as a GET without a JSON body, which Payload would answer with a 500
 * (`checkedMethodOverride`).
 */
export const payloadRest: (request: Request) => Promise<Response> = withCheckedMethodOverride(
  (request: Request) => handleEndpoints({ config: configPromise, request }),
)
