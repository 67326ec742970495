// GET /api/preview?path=/en/blog/x – enter draft preview (signed-in editors only)
import { draftMode } from 'next/headers'
import { redirect } from 'next/navigation'

import { env } from '@/env'
import { ApiError, withErrorHandling } from '@/http/errors'
import { redirectPathParameter } from '@/http/same-site-path'
import { signedInUser } from '@/lib/auth'
import { getPayloadClient } from '@/lib/payload'
import { refuseOtherMethods } from '@/http/methods'

export const dynamic = 'force-dynamic'

export const GET = withErrorHandling(async (request: Request) => {
  // Only our own pages: never an open redirect.
  const path = redirectPathParameter(request, env.SITE_URL)
  const payload = await getPayloadClient()
  // The user is checked, not just a secret: a leaked preview link shows nothing.
  if (!(await signedInUser(payload, request))) {
    throw new ApiError('unauthorized', 'Sign in to the admin to preview drafts.')
  }
  ;(await draftMode()).enable()
  redirect(path)
})

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
