import type { PayloadRequest } from 'payload'
import { redirect } from 'next/navigation'
import { formatAdminURL } from 'payload/shared'

import { mustEnrol } from '@/two-factor/settings'

/**
 * In the header of every signed-in admin page (`admin.components.header`): while the admins
 * require two-factor sign-in, an admin or editor without it is sent to their account page, where
 * they set it up, before anything else. Only the admin's pages: API keys and the REST API are not
 * affected.
 */
export async function TwoFactorEnrolmentGate({
  req,
  viewType,
}: {
  req?: PayloadRequest
  viewType?: string
}) {
  if (!req?.user || viewType === 'account') return null
  if (!(await mustEnrol(req))) return null
  redirect(formatAdminURL({ adminRoute: req.payload.config.routes.admin, path: '/account' }))
}
