import { describe, expect, it } from 'vitest'

import { SETTINGS_DEFAULTS, type SiteSettings } from '@/globals/defaults'

import {
  getPrompt,
  PREPARE_INQUIRY_PROMPT,
  PROMPT_NEED_MAX_LENGTH,
  promptDescriptions,
  PromptRequestError,
  SUMMARISE_SERVICES_PROMPT,
} from './prompts'

/** Published settings whose services say what no default does: the prompts must show these. */
const settings: Record<'en' | 'es', SiteSettings> = {
  en: {
    ...SETTINGS_DEFAULTS.en,
    siteName: 'Acme Advisers',
    services: {
      heading: 'Our craft',
      intro: 'Two things, done well.',
      items: [
        { title: 'Widget audits', description: 'We count your widgets.' },
        { title: 'Gadget rescue', description: 'Failing gadgets brought back.' },
      ],
    },
  },
  es: {
    ...SETTINGS_DEFAULTS.es,
    siteName: 'Acme Advisers',
    services: {
      heading: 'Nuestro oficio',
      intro: 'Dos cosas, bien hechas.',
      items: [{ title: 'Auditoría de widgets', description: 'Contamos tus widgets.' }],
    },
  },
}

const textOf = (name: string, args?: Record<string, string>) => {
  const { messages } = getPrompt(name, args, settings)
  expect(messages).toHaveLength(1)
  expect(messages[0]!.role).toBe('user')
  const { content } = messages[0]!
  if (content.type !== 'text') throw new Error('expected a text message')
  return content.text
}

const refusal = (name: string, args?: Record<string, string>) => {
  try {
    getPrompt(name, args, settings)
  } catch (error) {
    expect(error).toBeInstanceOf(PromptRequestError)
    return (error as Error).message
  }
  throw new Error('expected a refusal')
}

describe('prompts/list', () => {
  it('lists both prompts, each argument with its description and whether it is required', () => {
    const prompts = promptDescriptions()
    expect(prompts.map(({ name, title }) => ({ name, title }))).toEqual([
      { name: 'summarise_services', title: 'Summarise our services for a client need' },
      { name: 'prepare_inquiry', title: 'Prepare an inquiry' },
    ])
    expect(prompts[0]!.arguments!.map(({ name, required }) => ({ name, required }))).toEqual([
      { name: 'need', required: true },
      { name: 'locale', required: false },
    ])
    expect(prompts[1]!.arguments!.map(({ name, required }) => ({ name, required }))).toEqual([
      { name: 'need', required: false },
      { name: 'service', required: false },
      { name: 'locale', required: false },
    ])
    for (const prompt of prompts) {
      expect(prompt.description).toBeTruthy()
      for (const argument of prompt.arguments!) expect(argument.description).not.toBe(argument.name)
    }
  })
})

describe('summarise_services', () => {
  it('quotes the need and lists the published services, in English by default', () => {
    const text = textOf(SUMMARISE_SERVICES_PROMPT, { need: 'Our widgets keep failing.\nHelp!' })
    expect(text).toContain('> Our widgets keep failing.\n> Help!')
    expect(text).toContain('- **Widget audits**: We count your widgets.')
    expect(text).toContain('- **Gadget rescue**: Failing gadgets brought back.')
    expect(text).toContain('Our craft: Two things, done well.')
    expect(text).toContain('Acme Advisers')
    expect(text).toMatch(/Summarise in English/)
    expect(text).toContain('search_content (locale "en")')
    expect(text).toContain('prepare_inquiry')
    // The defaults' services are not what was published.
    expect(text).not.toContain('Software delivery')
  })

  it('in Spanish: the Spanish services and instructions', () => {
    const text = textOf(SUMMARISE_SERVICES_PROMPT, { need: 'Migrar a la nube', locale: 'es' })
    expect(text).toContain('- **Auditoría de widgets**: Contamos tus widgets.')
    expect(text).toMatch(/Resume en español/)
    expect(text).toContain('search_content (locale "es")')
    expect(text).not.toContain('Widget audits')
    const { description } = getPrompt(
      SUMMARISE_SERVICES_PROMPT,
      { need: 'x', locale: 'es' },
      settings,
    )
    expect(description).toBe('Summarise our services for a client need (Español)')
  })
})

describe('summarise_services with published services', () => {
  const services = {
    en: [
      {
        title: 'Cloud',
        summary: 'Bills under control.',
        url: 'https://example.test/en/services/cloud',
      },
      {
        title: 'Security',
        summary: 'Safe systems.',
        url: 'https://example.test/en/services/security',
      },
    ],
    // Security has no Spanish translation: it is not listed there.
    es: [
      {
        title: 'Nube',
        summary: 'Facturas bajo control.',
        url: 'https://example.test/es/servicios/cloud',
      },
    ],
  }
  const textIn = (locale: 'en' | 'es') => {
    const { messages } = getPrompt(
      SUMMARISE_SERVICES_PROMPT,
      { need: 'Our bills keep growing', locale },
      settings,
      services,
    )
    const { content } = messages[0]!
    if (content.type !== 'text') throw new Error('expected a text message')
    return content.text
  }

  it('lists the services published in the language, each with its page, instead of the home section’s items', () => {
    const text = textIn('en')
    expect(text).toContain(
      '- **Cloud**: Bills under control. <https://example.test/en/services/cloud>\n' +
        '- **Security**: Safe systems. <https://example.test/en/services/security>',
    )
    expect(text).toContain('Our craft: Two things, done well.')
    expect(text).not.toContain('Widget audits')
    expect(text).toContain('linking its page')
  })

  it('in Spanish: the services translated into Spanish only', () => {
    const text = textIn('es')
    expect(text).toContain(
      '- **Nube**: Facturas bajo control. <https://example.test/es/servicios/cloud>',
    )
    expect(text).not.toContain('Security')
    expect(text).not.toContain('/en/services/')
    expect(text).not.toContain('Auditoría de widgets')
    expect(text).toContain('enlazando su página')
  })

  it('with none published in a language, the home section’s items there', () => {
    const { messages } = getPrompt(
      SUMMARISE_SERVICES_PROMPT,
      { need: 'x', locale: 'es' },
      settings,
      { en: services.en, es: [] },
    )
    const { content } = messages[0]!
    expect(content.type === 'text' && content.text).toContain(
      '- **Auditoría de widgets**: Contamos tus widgets.',
    )
  })
})

describe('prepare_inquiry', () => {
  it('asks for name, email and message and ends by calling send_inquiry once', () => {
    const text = textOf(PREPARE_INQUIRY_PROMPT)
    expect(text).toMatch(/my name \(required, at most 120 characters\)/)
    expect(text).toMatch(/my email address \(required/)
    expect(text).toMatch(/the message \(required, at most 5000 characters\)/)
    expect(text).toContain(SETTINGS_DEFAULTS.en.contact.intro)
    expect(text).toMatch(/call the tool send_inquiry once, with name, email, message/)
    expect(text).toContain('locale "en"')
    // No service chosen: the choices are offered, by name and slug.
    expect(text).toContain('Cloud and infrastructure (`cloud`)')
  })

  it('carries the need and the chosen service, in Spanish', () => {
    const text = textOf(PREPARE_INQUIRY_PROMPT, {
      need: 'Auditar nuestra nube',
      service: 'cloud',
      locale: 'es',
    })
    expect(text).toContain('> Auditar nuestra nube')
    expect(text).toContain('La consulta trata de Nube e infraestructura: envía `service` "cloud".')
    expect(text).toMatch(/llama una sola vez a la herramienta send_inquiry/)
    expect(text).toContain('locale "es"')
    expect(text).not.toContain('(`security`)')
  })
})

describe('prompts/get refusals', () => {
  it('names an unknown prompt and the available ones', () => {
    expect(refusal('test_simple_prompt')).toBe(
      'Unknown prompt "test_simple_prompt". Available prompts: summarise_services, prepare_inquiry.',
    )
  })

  it('names every argument at fault', () => {
    expect(refusal(SUMMARISE_SERVICES_PROMPT)).toBe(
      'Invalid arguments for prompt summarise_services: need is required.',
    )
    expect(refusal(SUMMARISE_SERVICES_PROMPT, { need: '   ', locale: 'fr' })).toBe(
      'Invalid arguments for prompt summarise_services: need must not be empty; locale must be one of "en", "es".',
    )
    expect(refusal(PREPARE_INQUIRY_PROMPT, { service: 'plumbing', budget: 'high' })).toMatch(
      /service must be one of "software-engineering", .*; budget is not an allowed property/,
    )
    expect(
      refusal(SUMMARISE_SERVICES_PROMPT, { need: 'x'.repeat(PROMPT_NEED_MAX_LENGTH + 1) }),
    ).toBe(
      `Invalid arguments for prompt summarise_services: need must be at most ${PROMPT_NEED_MAX_LENGTH} characters.`,
    )
  })
})
