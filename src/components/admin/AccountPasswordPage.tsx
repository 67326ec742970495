import { MinimalTemplate } from '@payloadcms/next/templates'
import type { AdminViewServerProps } from 'payload'
import { formatAdminURL } from 'payload/shared'

import { accountLanguage } from '@/collections/Users/account-language'
import { passwordLinkHolder } from '@/collections/Users/password-link'
import { publishedSiteName } from '@/globals/site-name'
import { messagesFor } from '@/i18n/messages'

import { AccountPasswordForm } from './AccountPasswordForm'

/**
 * The page a mailed link opens (an invitation or a reset), rendered on the server in the reader's
 * admin language: the site's name, the account the link is for, and the form; or, for a link that
 * was used or has expired, the message saying so and where to get a new one. Custom admin views
 * are open to visitors who are not signed in, as Payload's own reset page is.
 */
export async function AccountPasswordPage({
  kind,
  initPageResult,
  params,
}: Pick<AdminViewServerProps, 'initPageResult' | 'params'> & { kind: 'invitation' | 'reset' }) {
  const { req } = initPageResult
  const { payload } = req
  const language = accountLanguage(req.i18n.language)
  const words = messagesFor(language).account
  const token = params?.segments?.[1] ?? ''
  const [siteName, holder] = await Promise.all([
    publishedSiteName(payload),
    passwordLinkHolder(payload, token, req),
  ])
  const adminRoute = payload.config.routes.admin
  const title = kind === 'invitation' ? words.invitation.title(siteName) : words.reset.title
  const intro =
    kind === 'invitation' ? words.invitation.intro(siteName) : words.reset.intro(siteName)
  const adminLink = (path: `/${string}`) => formatAdminURL({ adminRoute, path })
  const signedIn = req.user as { email?: string } | null | undefined

  return (
    <MinimalTemplate className="account-password">
      <div lang={language}>
        <h1>{title}</h1>
        {holder ? (
          <p className="account-password__account">
            <strong>{words.accountLabel}:</strong> {holder.email}
          </p>
        ) : null}
        {!holder?.usable ? (
          <>
            <p className="account-password__problem" role="alert">
              {words.linkSpent}
            </p>
            <p>
              <a href={adminLink('/forgot')}>{words.requestNew}</a>
            </p>
          </>
        ) : signedIn?.email ? (
          <>
            <p role="alert">{words.signedInAs(signedIn.email)}</p>
            <p>
              <a href={adminLink('/logout')}>{words.signOut}</a>
            </p>
          </>
        ) : (
          <>
            <p>{intro}</p>
            <AccountPasswordForm
              token={token}
              kind={kind}
              twoFactor={holder.twoFactor}
              language={language}
              title={`${title} – ${siteName}`}
              apiRoute={payload.config.routes.api}
              adminRoute={adminRoute}
            />
          </>
        )}
        <p>
          <a href={adminLink('/login')}>{words.backToLogin}</a>
        </p>
      </div>
    </MinimalTemplate>
  )
}
