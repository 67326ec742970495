import type { AdminViewServerProps } from 'payload'

import { AccountPasswordPage } from './AccountPasswordPage'

/**
 * `/admin/invitation/:token`, which an invitation opens: a welcome naming the site and the
 * account, and the form that sets the invitee's first password.
 */
export function InvitationView({ initPageResult, params }: AdminViewServerProps) {
  return <AccountPasswordPage kind="invitation" initPageResult={initPageResult} params={params} />
}
