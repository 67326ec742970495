'use client'

import { Button, useFormFields, useTranslation } from '@payloadcms/ui'

import { inquiryAdminText } from '@/i18n/inquiry-admin'
import { accountLanguage } from '@/collections/Users/account-language'
import { replyMailto, senderLocale, serviceLabel } from '@/inquiries/reply'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Normal text on the admin's own background, in its light and dark themes alike. */
const STYLES = `
.inquiry-summary { margin-bottom: calc(var(--base) * 1.5); }
.inquiry-summary__sender { display: grid; grid-template-columns: max-content 1fr;
  gap: calc(var(--base) / 4) var(--base); margin: 0 0 var(--base); }
.inquiry-summary__sender dt { color: var(--theme-elevation-800); font-weight: 600; }
.inquiry-summary__sender dd { margin: 0; color: var(--theme-text); overflow-wrap: anywhere; }
.inquiry-summary__message { white-space: pre-wrap; overflow-wrap: anywhere; color: var(--theme-text);
  background: var(--theme-elevation-0); border: 1px solid var(--theme-elevation-150);
  border-radius: var(--style-radius-s); padding: var(--base); margin: 0 0 var(--base);
  font-size: 1rem; line-height: 1.5; }
`

/**
 * The top of an inquiry: who sent it, what they wrote (as written, its line breaks kept, in
 * normal text) and a reply by mail that opens already addressed, with a subject and the message
 * quoted in the sender's language. The fields it shows are hidden below (they are read-only
 * anyway); the technical ones are in "Technical details".
 */
export function InquirySummary() {
  const { i18n } = useTranslation()
  const words = inquiryAdminText(i18n.language)
  const name = useFormFields(([fields]) => text(fields.name?.value))
  const email = useFormFields(([fields]) => text(fields.email?.value))
  const phone = useFormFields(([fields]) => text(fields.phone?.value))
  const service = useFormFields(([fields]) => text(fields.service?.value))
  const message = useFormFields(([fields]) => text(fields.message?.value))
  const locale = useFormFields(([fields]) => text(fields.locale?.value))

  if (!email) return null
  const shownService = serviceLabel(service, accountLanguage(i18n.language))
  const reply = replyMailto({ name, email, message, service, locale: senderLocale(locale) })

  return (
    <section className="inquiry-summary field-type" aria-label={words.message}>
      <style>{STYLES}</style>
      <dl className="inquiry-summary__sender">
        <dt>{words.from}</dt>
        <dd data-testid="inquiry-sender-name">{name}</dd>
        <dt>{words.email}</dt>
        <dd>
          <a href={`mailto:${email}`}>{email}</a>
        </dd>
        {phone ? (
          <>
            <dt>{words.phone}</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
            </dd>
          </>
        ) : null}
        <dt>{words.service}</dt>
        <dd data-testid="inquiry-service">{shownService ?? words.noService}</dd>
      </dl>
      <h3 className="inquiry-summary__heading">{words.message}</h3>
      <div className="inquiry-summary__message" data-testid="inquiry-message">
        {message}
      </div>
      <Button buttonStyle="primary" el="anchor" size="medium" tooltip={words.replyHint} url={reply}>
        {words.reply}
      </Button>
    </section>
  )
}
