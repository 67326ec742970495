// GET /api/preview/exit?path=/en/blog/x – leave draft preview
import { draftMode } from 'next/headers'
import { redirect } from 'next/navigation'

import { env } from '@/env'
import { withErrorHandling } from '@/http/errors'
import { refuseOtherMethods } from '@/http/methods'
import { redirectPathParameter } from '@/http/same-site-path'

export const dynamic = 'force-dynamic'

export const GET = withErrorHandling(async (request: Request) => {
  const path = redirectPathParameter(request, env.SITE_URL, '/')
  ;(await draftMode()).disable()
  redirect(path)
})

export const { POST, PUT, PATCH, DELETE } = refuseOtherMethods('GET')
