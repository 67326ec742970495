'use client'

import { Banner, useAuth, useDocumentInfo, useFormFields, useTranslation } from '@payloadcms/ui'
import { useEffect } from 'react'

import {
  CREATE_FORM_PASSWORD_PATHS,
  INVITATION_PASSWORD_PLACEHOLDER,
} from '@/collections/Users/invitation-form'
import { accountLanguage } from '@/collections/Users/account-language'
import { messagesFor } from '@/i18n/messages'

/**
 * Payload's password fields on the create form, hidden: the invitee chooses their password. The
 * class is Payload's own (its Auth block), so this is listed in docs/upgrading.md.
 */
const HIDE_PASSWORD_FIELDS =
  '.collection-edit--users .auth-fields__changing-password { display: none; }'

/**
 * On the form that creates an account: says that an invitation will be sent, and takes Payload's
 * password fields out of the way. Payload's form shows and requires them on every create; they are
 * hidden and hold a stand-in the server replaces with a generated password (password-link.ts).
 * Whatever writes them (Payload's own field validating its empty value on mount) is undone.
 * Nothing shows on an existing account, where the password fields are Payload's own again, nor on
 * the first-run screen, where the first admin chooses their own password.
 */
export function InvitationNotice() {
  const { id } = useDocumentInfo()
  const { user } = useAuth()
  const { i18n } = useTranslation()
  // An admin creating an account; not the first account, whose creator chooses its password.
  const creating = (id === undefined || id === null) && Boolean(user)
  const dispatch = useFormFields(([, dispatchFields]) => dispatchFields)
  const password = useFormFields(([fields]) => fields.password?.value)
  const confirmation = useFormFields(([fields]) => fields['confirm-password']?.value)

  useEffect(() => {
    if (!creating) return
    if (password === INVITATION_PASSWORD_PLACEHOLDER && confirmation === password) return
    // After the current task: Payload's password field validates its empty value asynchronously
    // on mount and writes that value back; written in the same batch, ours would be lost unseen.
    const timer = setTimeout(() => {
      for (const path of CREATE_FORM_PASSWORD_PATHS) {
        dispatch({
          type: 'UPDATE',
          path,
          value: INVITATION_PASSWORD_PLACEHOLDER,
          initialValue: INVITATION_PASSWORD_PLACEHOLDER,
          valid: true,
          errorMessage: undefined,
        })
      }
    }, 0)
    return () => clearTimeout(timer)
  }, [creating, password, confirmation, dispatch])

  if (!creating) return null
  return (
    <div className="invitation-notice field-type">
      <style>{HIDE_PASSWORD_FIELDS}</style>
      <Banner type="info">
        {messagesFor(accountLanguage(i18n.language)).account.invitation.createNotice}
      </Banner>
    </div>
  )
}
