import type { AdminViewServerProps } from 'payload'
import { redirect } from 'next/navigation'
import { getSafeRedirect } from 'payload/shared'

import { Logo } from './Logo'
import { TwoFactorLoginForm } from './TwoFactorLoginForm'

/**
 * The admin's sign-in page (`admin.components.views.login`, in place of Payload's): the same
 * brand and email/password form, then, for an account with two-factor sign-in, a second step
 * asking for its code. Payload's own form cannot carry a code; this one posts the same REST
 * sign-in with `code` beside the password (src/two-factor/sign-in.ts).
 */
export function TwoFactorLoginView({ initPageResult, searchParams }: AdminViewServerProps) {
  const { req } = initPageResult
  const adminRoute = req.payload.config.routes.admin
  const asked = searchParams?.redirect
  const redirectTo = getSafeRedirect({
    fallbackTo: adminRoute,
    redirectTo: typeof asked === 'string' ? asked : '',
  })
  if (req.user) redirect(redirectTo)
  return (
    <>
      <div className="login__brand">
        <Logo />
      </div>
      <TwoFactorLoginForm redirectTo={redirectTo} />
    </>
  )
}
