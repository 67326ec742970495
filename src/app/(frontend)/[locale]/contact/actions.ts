'use server'

import { headers } from 'next/headers'

import { REFERRER_HOST_FIELD } from '@/components/contact-form-script'
import { env } from '@/env'
import { verifiedClientAddress } from '@/http/client-address'
import { setResponseStatus } from '@/http/response-status'
import { isLocale } from '@/i18n/locales'
import { requestPage } from '@/i18n/request-locale'
import { formSource } from '@/inquiries/source'
import { submitInquiry } from '@/inquiries/submit-inquiry'
import { CONTACT_FIELDS, CONTACT_SERVICES, fieldErrorsOf, type ContactState } from '@/site/contact'
import { recordContactOutcome } from '@/site/contact-outcome'

/**
 * The status the contact page answers a post with: the page, with the outcome in it, at the
 * status the same outcome has on POST /api/inquiries (a field over its maximum is a 400).
 */
const STATUS_OF: Record<ContactState['status'], number> = {
  idle: 200,
  sent: 200,
  invalid: 400,
  rate_limited: 429,
  unavailable: 503,
}

/** A field's text as posted; a file (or nothing) where text belongs is no text. */
function textOf(form: FormData | null, name: string): string {
  const value = form?.get(name)
  return typeof value === 'string' ? value : ''
}

async function outcomeOf(form: FormData | null): Promise<ContactState> {
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, textOf(form, field)]),
  ) as Record<(typeof CONTACT_FIELDS)[number], string>

  // A field people can't see: whatever fills it is a bot, and is told "sent" without being sent.
  if (textOf(form, 'website') !== '') return { status: 'sent' }

  const locale = textOf(form, 'locale')
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
  const requestHeaders = await headers()
  const result = await submitInquiry(input, {
    clientAddress: verifiedClientAddress(requestHeaders, env.PAYLOAD_SECRET),
    channel: 'form',
    // The page it was posted from (it posts back to its page), and the external site its script
    // says the visitor came from: a host, or nothing (src/inquiries/source.ts).
    source: formSource({
      pagePath: (await requestPage())?.path,
      referer: requestHeaders.get('referer'),
      referrerHost: textOf(form, REFERRER_HOST_FIELD),
      siteUrl: env.SITE_URL,
      requestHost: requestHeaders.get('host'),
    }),
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

/**
 * The contact form's one action: the same inquiry service, schema and budgets as
 * POST /api/inquiries. It binds no state (src/http/form-post.ts): its outcome goes to the page
 * rendered after it (src/site/contact-outcome.ts), which shows it at its status.
 */
export async function sendContactForm(form: FormData): Promise<void> {
  // Only the project's server hands this action a request, always a form (src/server/form-posts.ts);
  // anything else is read as an empty form.
  const state = await outcomeOf(form instanceof FormData ? form : null)
  recordContactOutcome(state)
  setResponseStatus(STATUS_OF[state.status])
}
