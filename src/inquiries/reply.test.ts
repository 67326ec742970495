import { describe, expect, it } from 'vitest'

import { QUOTED_MESSAGE_MAX, replyMailto, serviceLabel } from './reply'

/** The parts of a `mailto:` link, decoded as a mail program decodes them. */
function parse(link: string) {
  expect(link.startsWith('mailto:')).toBe(true)
  const [to, query = ''] = link.slice('mailto:'.length).split('?')
  // RFC 6068 encodes spaces as %20: a `+` stays a plus, so URLSearchParams would misread it.
  expect(query).not.toContain('+')
  const params = Object.fromEntries(
    query.split('&').map((pair) => {
      const [key, value = ''] = pair.split('=')
      return [key, decodeURIComponent(value)]
    }),
  )
  return { to: decodeURIComponent(to!), subject: params.subject, body: params.body }
}

const inquiry = {
  name: 'Ana García',
  email: 'ana@example.com',
  message: 'We need a data lake.\nBudget: 20k.\n\nThanks!',
  service: 'data-platforms',
}

describe('replyMailto', () => {
  it('answers in English with the service’s label and the quoted message, line by line', () => {
    const reply = parse(replyMailto({ ...inquiry, locale: 'en' }))
    expect(reply.to).toBe('ana@example.com')
    expect(reply.subject).toBe('Re: your inquiry: Data platforms')
    expect(reply.body).toBe(
      'Hello Ana García,\r\n\r\n\r\n\r\nYou wrote:\r\n' +
        '> We need a data lake.\r\n> Budget: 20k.\r\n>\r\n> Thanks!',
    )
  })

  it('answers in Spanish when the sender wrote in Spanish', () => {
    const reply = parse(replyMailto({ ...inquiry, locale: 'es' }))
    expect(reply.subject).toBe('Re: tu consulta: Plataformas de datos')
    expect(reply.body).toContain('Hola, Ana García:')
    expect(reply.body).toContain('Escribiste:\r\n> We need a data lake.')
  })

  it('names a service given in the sender’s own words as given, and none when there is none', () => {
    expect(parse(replyMailto({ ...inquiry, service: 'Cloud migration' })).subject).toBe(
      'Re: your inquiry: Cloud migration',
    )
    expect(parse(replyMailto({ ...inquiry, service: null, locale: 'es' })).subject).toBe(
      'Re: tu consulta',
    )
  })

  it('falls back to the default language for an unknown locale', () => {
    expect(parse(replyMailto({ ...inquiry, locale: 'fr' })).subject).toMatch(/^Re: your inquiry/)
  })

  it('keeps characters that mean something in a URL inside their part', () => {
    const reply = parse(
      replyMailto({
        ...inquiry,
        email: 'a+b&c=d@example.com',
        message: 'Q&A? 100% sure #1 &body=oops',
      }),
    )
    expect(reply.to).toBe('a+b&c=d@example.com')
    expect(reply.body).toContain('> Q&A? 100% sure #1 &body=oops')
  })

  it('quotes a very long message up to a bound, its end marked as cut', () => {
    const long = 'x'.repeat(QUOTED_MESSAGE_MAX + 500)
    const link = replyMailto({ ...inquiry, message: long })
    const reply = parse(link)
    expect(reply.body).toContain(`> ${'x'.repeat(QUOTED_MESSAGE_MAX)} […]`)
    expect(reply.body).not.toContain('x'.repeat(QUOTED_MESSAGE_MAX + 1))
  })
})

describe('serviceLabel', () => {
  it('is the contact form’s label in the given language', () => {
    expect(serviceLabel('machine-learning', 'en')).toBe('Machine learning')
    expect(serviceLabel('machine-learning', 'es')).toBe('Aprendizaje automático')
    expect(serviceLabel('  ', 'en')).toBeNull()
  })
})
