import type { AdminViewServerProps } from 'payload'

import { AccountPasswordPage } from './AccountPasswordPage'

/**
 * `/admin/reset-password/:token`, which a forgotten password's mail opens: the site and the
 * account named, and the form that sets a new password.
 */
export function ResetPasswordView({ initPageResult, params }: AdminViewServerProps) {
  return <AccountPasswordPage kind="reset" initPageResult={initPageResult} params={params} />
}
