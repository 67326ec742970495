// GET /api/preview?path=/en/blog/x – enter draft preview (signed-in editors only)
import { draftMode } from 'next/headers'
import { redirect } from 'next/navigation'

import { ApiError, withErrorHandling } from '@/http/errors'
import { isLocale } from '@/i18n/locales'
import { signedInUser } from '@/lib/auth'
import { getPayloadClient } from '@/lib/payload'

export const dynamic = 'force-dynamic'

export const GET = withErrorHandling(async (request: Request) => {
  const path = new URL(request.url).searchParams.get('path') ?? ''
  // Only our own pages: never an open redirect.
  if (!/^\/[a-z]{2}(\/[a-z0-9-]+)*$/.test(path) || !isLocale(path.split('/')[1])) {
    throw new ApiError(
      'invalid_parameter',
      'path must be a page of this site, e.g. /en/blog/slug.',
      {
        details: [{ field: 'path', message: 'must be a page path' }],
      },
    )
  }
  const payload = await getPayloadClient()
  // The user is checked, not just a secret: a leaked preview link shows nothing.
  if (!(await signedInUser(payload, request))) {
    throw new ApiError('unauthorized', 'Sign in to the admin to preview drafts.')
  }
  ;(await draftMode()).enable()
  redirect(path)
})
