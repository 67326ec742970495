'use server'

import { headers } from 'next/headers'

import { env } from '@/env'
import { verifiedClientAddress } from '@/http/client-address'
import { isLocale } from '@/i18n/locales'
import { submitInquiry } from '@/inquiries/submit-inquiry'
import { CONTACT_FIELDS, CONTACT_SERVICES, fieldErrorsOf, type ContactState } from '@/site/contact'

/** The contact form's one action: the same inquiry service and budgets as POST /api/inquiries. */
export async function sendContactForm(
  _previous: ContactState,
  form: FormData,
): Promise<ContactState> {
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, String(form.get(field) ?? '')]),
  ) as Record<(typeof CONTACT_FIELDS)[number], string>

  // A field people can't see: whatever fills it is a bot, and is told "sent" without being sent.
  if (String(form.get('website') ?? '') !== '') return { status: 'sent' }

  const locale = String(form.get('locale') ?? '')
  const service = (CONTACT_SERVICES as readonly string[]).includes(values.service)
    ? values.service
    : undefined
  const input = {
    name: values.name,
    email: values.email,
    message: values.message,
    phone: values.phone,
    ...(service ? { service } : {}),
    ...(isLocale(locale) ? { locale } : {}),
  }
  const result = await submitInquiry(input, {
    clientAddress: verifiedClientAddress(await headers(), env.PAYLOAD_SECRET),
    channel: 'form',
  })
  switch (result.status) {
    case 'accepted':
      return { status: 'sent' }
    case 'invalid':
      return { status: 'invalid', fieldErrors: fieldErrorsOf(result.problems), values }
    case 'rate_limited':
      return { status: 'rate_limited', retryAfterSeconds: result.retryAfterSeconds, values }
    case 'unavailable':
    case 'failed':
      return { status: 'unavailable', values }
  }
}
