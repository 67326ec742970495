import { DEFAULT_LOCALE, isLocale, type Locale } from '@/i18n/locales'
import { messagesFor } from '@/i18n/messages'
import { CONTACT_SERVICES, type ContactService } from '@/site/contact'

/** What a reply is written from: the inquiry as the sender sent it. */
export interface RepliedInquiry {
  name: string
  email: string
  message: string
  service?: string | null
  /** The sender's language (the inquiry's `locale`): the reply's subject and quote are in it. */
  locale?: string | null
}

/**
 * Mail programs and browsers cut or refuse long `mailto:` links (a couple of thousand characters
 * is safe everywhere); a longer message is quoted up to here, its end marked as left out.
 */
export const QUOTED_MESSAGE_MAX = 1500

const REPLY_WORDS: Record<
  Locale,
  { subject: string; greeting: (name: string) => string; wrote: string; cut: string }
> = {
  en: {
    subject: 'Re: your inquiry',
    greeting: (name) => `Hello ${name},`,
    wrote: 'You wrote:',
    cut: '[…]',
  },
  es: {
    subject: 'Re: tu consulta',
    greeting: (name) => `Hola, ${name}:`,
    wrote: 'Escribiste:',
    cut: '[…]',
  },
}

function isContactService(value: string): value is ContactService {
  return (CONTACT_SERVICES as readonly string[]).includes(value)
}

/**
 * A service as people read it, in `locale`: the contact form's label for one of its services,
 * else what the sender gave (the API and agents may name a service in their own words), trimmed;
 * null when none was given.
 */
export function serviceLabel(service: string | null | undefined, locale: Locale): string | null {
  const given = service?.trim()
  if (!given) return null
  return isContactService(given) ? messagesFor(locale).services[given] : given
}

/** The inquiry's language, as a reply is written in it; the site's default for anything else. */
export function senderLocale(locale: string | null | undefined): Locale {
  return isLocale(locale) ? locale : DEFAULT_LOCALE
}

/** Each line of `text` quoted as mail quotes it (`> `), its line breaks kept. */
function quoted(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n')
}

/**
 * A `mailto:` link that starts a reply to the sender in the sender's language: the subject says
 * it answers their inquiry (and names the service), the body greets them and quotes what they
 * wrote. RFC 6068: every part percent-encoded (a space as `%20`, never `+`), line breaks as CRLF.
 */
export function replyMailto(inquiry: RepliedInquiry): string {
  const locale = senderLocale(inquiry.locale)
  const words = REPLY_WORDS[locale]
  const service = serviceLabel(inquiry.service, locale)
  const subject = service ? `${words.subject}: ${service}` : words.subject
  const message =
    inquiry.message.length > QUOTED_MESSAGE_MAX
      ? `${inquiry.message.slice(0, QUOTED_MESSAGE_MAX).trimEnd()} ${words.cut}`
      : inquiry.message
  const body = [words.greeting(inquiry.name.trim()), '', '', '', words.wrote, quoted(message)]
    .join('\n')
    .replaceAll('\n', '\r\n')
  const query = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
  return `mailto:${encodeURIComponent(inquiry.email.trim()).replaceAll('%40', '@')}?${query}`
}
