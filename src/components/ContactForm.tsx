import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { INQUIRY_FIELD_MAX } from '@/inquiries/limits'
import {
  CONTACT_FIELDS,
  CONTACT_SERVICES,
  type ContactField,
  type ContactState,
} from '@/site/contact'
import { paths } from '@/site/routes'

import { CONTACT_FORM_SCRIPT, REFERRER_HOST_FIELD } from './contact-form-script'

type Action = (form: FormData) => Promise<void>

/** The form's answer (the form again, or the confirmation) carries it: the script swaps by it. */
const CONTACT_FORM_ID = 'contact-form'

/**
 * Works without JavaScript: a plain form post, answered with the page showing its outcome (the
 * action records it, src/site/contact-outcome.ts) at its status. With JavaScript, the form's own
 * script (contact-form-script.ts) posts the same form and puts the answer in place of the form:
 * field errors, or the confirmation, without a reload. The form binds its action no state, so a
 * post carries nothing for Next.js to decode but the form's fields (src/http/form-post.ts).
 */
export function ContactForm({
  action,
  locale,
  state,
}: {
  action: Action
  locale: Locale
  state: ContactState
}) {
  const t = messagesFor(locale).contact
  const services = messagesFor(locale).services

  if (state.status === 'sent') {
    return (
      <p id={CONTACT_FORM_ID} className="notice ok" role="status">
        {t.sent}
      </p>
    )
  }

  const errorOf = (field: ContactField) => {
    const kind = state.fieldErrors?.[field]
    if (!kind) return null
    if (kind === 'tooLong')
      return t.errors.tooLong(INQUIRY_FIELD_MAX[field === 'service' ? 'service' : field])
    return t.errors[kind]
  }
  const labelOf = (field: ContactField) => t[field]
  const describe = (field: ContactField) =>
    errorOf(field) ? { 'aria-invalid': true as const, 'aria-describedby': `${field}-error` } : {}
  const fieldError = (field: ContactField) =>
    errorOf(field) ? (
      <p id={`${field}-error`} className="field-error">
        {errorOf(field)}
      </p>
    ) : null

  return (
    <form id={CONTACT_FORM_ID} action={action} className="form" noValidate={false}>
      {state.status === 'invalid' ? (
        <div className="notice error" role="alert">
          <p>{t.invalid}</p>
          {/* Each field at fault by its label, linked to it (its error is beside it). */}
          <ul>
            {CONTACT_FIELDS.filter((field) => errorOf(field)).map((field) => (
              <li key={field}>
                <a href={`#${field}`}>{labelOf(field)}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {state.status === 'rate_limited' ? (
        <p className="notice error" role="alert">
          {t.rateLimited(Math.max(1, Math.ceil((state.retryAfterSeconds ?? 60) / 60)))}
        </p>
      ) : null}
      {state.status === 'unavailable' ? (
        <p className="notice error" role="alert">
          {t.unavailable}
        </p>
      ) : null}
      <input type="hidden" name="locale" value={locale} />
      {/* Filled by the form's script with the external site the visitor came from, if any. */}
      <input type="hidden" name={REFERRER_HOST_FIELD} defaultValue="" />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="website">Website</label>
        <input
          id="website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div className="field">
        <label htmlFor="name">{t.name}</label>
        <input
          id="name"
          name="name"
          required
          maxLength={INQUIRY_FIELD_MAX.name}
          autoComplete="name"
          defaultValue={state.values?.name}
          {...describe('name')}
        />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor="email">{t.email}</label>
        <input
          id="email"
          name="email"
          type="email"
          required
          maxLength={INQUIRY_FIELD_MAX.email}
          autoComplete="email"
          defaultValue={state.values?.email}
          {...describe('email')}
        />
        {fieldError('email')}
      </div>
      <div className="field">
        <label htmlFor="phone">
          {t.phone} <span className="meta">({t.optional})</span>
        </label>
        <input
          id="phone"
          name="phone"
          type="tel"
          maxLength={INQUIRY_FIELD_MAX.phone}
          autoComplete="tel"
          defaultValue={state.values?.phone}
          {...describe('phone')}
        />
        {fieldError('phone')}
      </div>
      <div className="field">
        <label htmlFor="service">
          {t.service} <span className="meta">({t.optional})</span>
        </label>
        <select
          id="service"
          name="service"
          defaultValue={state.values?.service ?? ''}
          {...describe('service')}
        >
          <option value="">{t.servicePlaceholder}</option>
          {CONTACT_SERVICES.map((service) => (
            <option key={service} value={service}>
              {services[service]}
            </option>
          ))}
        </select>
        {fieldError('service')}
      </div>
      <div className="field">
        <label htmlFor="message">{t.message}</label>
        <textarea
          id="message"
          name="message"
          required
          maxLength={INQUIRY_FIELD_MAX.message}
          defaultValue={state.values?.message}
          {...describe('message')}
        />
        {fieldError('message')}
      </div>
      {/* Before the button: what happens to the personal data the form collects. */}
      <p className="form-note">
        {messagesFor(locale).privacy.formNote}{' '}
        <a href={paths.privacy(locale)}>{messagesFor(locale).privacy.link}</a>
      </p>
      <div>
        <button type="submit" className="button" data-sending={t.sending}>
          {t.submit}
        </button>
      </div>
      <script dangerouslySetInnerHTML={{ __html: CONTACT_FORM_SCRIPT }} />
    </form>
  )
}
