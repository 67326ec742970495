import type { PayloadRequest } from 'payload'

import { env } from '@/env'
import { publishedSiteName } from '@/globals/site-name'
import type { Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { outboxMessageId, type OutboxMessage } from '@/inquiries/mail-outbox'

import { accountLanguage } from './account-language'

/** How long an invitation's link sets a password (a reset link lasts Payload's default hour). */
export const INVITATION_VALID_DAYS = 7
export const INVITATION_VALID_MS = INVITATION_VALID_DAYS * 24 * 60 * 60_000

/**
 * The admin's pages that set a password from a mailed link, each its own view (payload.config.ts
 * registers them; src/components/admin/InvitationView.tsx, ResetPasswordView.tsx). Payload's own
 * `/admin/reset/:token` page still answers the links mailed before these existed.
 */
export const ACCOUNT_PAGES = {
  invitation: '/invitation',
  reset: '/reset-password',
} as const

export type AccountLinkKind = keyof typeof ACCOUNT_PAGES

/** The absolute address of the page a mailed link opens. */
export function accountLink(kind: AccountLinkKind, token: string, adminRoute = '/admin'): string {
  return `${env.SITE_URL}${adminRoute}${ACCOUNT_PAGES[kind]}/${token}`
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!)
}

/**
 * A plain-text message as HTML (Payload sends its reset mail as HTML only): paragraphs kept, the
 * link made a link, everything else escaped.
 */
export function textAsHtml(text: string, link: string): string {
  const paragraphs = text.split('\n\n').map((paragraph) =>
    escapeHtml(paragraph)
      .split(escapeHtml(link))
      .join(`<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)
      .replace(/\n/g, '<br>'),
  )
  return `<!doctype html><html><body>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</body></html>`
}

/** The invitation an admin's new account gets: its own subject and words, the site's name. */
export function composeInvitation({
  to,
  link,
  siteName,
  language,
}: {
  to: string
  link: string
  siteName: string
  language: Locale
}): OutboxMessage {
  const words = messagesFor(language).account.invitation
  return {
    from: { name: siteName, address: env.MAIL_FROM },
    to,
    subject: words.subject(siteName),
    text: words.body(siteName, to, link, INVITATION_VALID_DAYS),
    messageId: outboxMessageId(),
  }
}

/** The subject and body of a forgotten password's mail (Payload's `forgotPassword` options). */
export function composeResetMail({
  to,
  link,
  siteName,
  language,
}: {
  to: string
  link: string
  siteName: string
  language: Locale
}): { subject: string; html: string } {
  const words = messagesFor(language).account.reset
  return {
    subject: words.subject(siteName),
    html: textAsHtml(words.body(siteName, to, link), link),
  }
}

/** One read of the site's name per forgotten-password request (its subject and body both use it). */
const siteNames = new WeakMap<PayloadRequest, Promise<string>>()

function siteNameFor(req: PayloadRequest): Promise<string> {
  let name = siteNames.get(req)
  if (!name) {
    name = publishedSiteName(req.payload)
    siteNames.set(req, name)
  }
  return name
}

async function resetMailFor(
  args: { req?: PayloadRequest; token?: string; user?: { email?: string } } | undefined,
): Promise<{ subject: string; html: string }> {
  const { req, token = '', user } = args ?? {}
  if (!req) throw new Error('Payload asked for a reset mail without its request')
  return composeResetMail({
    to: user?.email ?? '',
    link: accountLink('reset', token, req.payload.config.routes.admin),
    siteName: await siteNameFor(req),
    language: accountLanguage(req.i18n?.language),
  })
}

/**
 * Payload's `auth.forgotPassword` mail options: the reset mail in the language of whoever asked
 * for it (the admin's language cookie, else their browser's), named for the site and the account,
 * opening the admin's reset page (src/components/admin/ResetPasswordView.tsx).
 */
export const forgotPasswordMail = {
  generateEmailSubject: async (args?: Parameters<typeof resetMailFor>[0]) =>
    (await resetMailFor(args)).subject,
  generateEmailHTML: async (args?: Parameters<typeof resetMailFor>[0]) =>
    (await resetMailFor(args)).html,
}
