import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { paths } from '@/site/routes'

import { baseUrl, get } from '../support/api'
import { DRAFT_MARKER } from '../support/agents-content'
import { uniqueClient } from '../support/inquiries'
import { connectMcp } from '../support/mcp-client'
import { createService, removeServices } from '../support/services'

/**
 * The MCP server's prompts through the SDK's client over real HTTP: listed, and got in English
 * and Spanish, written from the settings the site publishes.
 */

let mcp: Client

beforeAll(async () => {
  mcp = await connectMcp(uniqueClient(), 'prompts-test')
}, 60_000)

afterAll(async () => {
  await mcp?.close()
})

const textOf = async (name: string, args: Record<string, string>) => {
  const { messages } = await mcp.getPrompt({ name, arguments: args })
  expect(messages).toHaveLength(1)
  const content = messages[0]!.content
  if (content.type !== 'text') throw new Error(`expected text, got ${content.type}`)
  return content.text
}

/** The services' titles a prompt lists (`- **Title**: description`). */
const listedServices = (text: string) =>
  [...text.matchAll(/^- \*\*(.+?)\*\*: /gm)].map(([, title]) => title!)

describe('prompts/list', () => {
  it('announces prompts and lists both, with their arguments', async () => {
    expect(mcp.getServerCapabilities()?.prompts).toEqual({})
    const { prompts } = await mcp.listPrompts()
    expect(prompts.map((prompt) => prompt.name)).toEqual(['summarise_services', 'prepare_inquiry'])
    const [summarise, prepare] = prompts
    expect(summarise!.title).toBe('Summarise our services for a client need')
    expect(summarise!.arguments).toEqual([
      expect.objectContaining({ name: 'need', required: true }),
      expect.objectContaining({ name: 'locale', required: false }),
    ])
    expect(prepare!.title).toBe('Prepare an inquiry')
    expect(prepare!.arguments?.map((argument) => argument.name)).toEqual([
      'need',
      'service',
      'locale',
    ])
  })
})

describe('summarise_services', () => {
  it.each([
    ['en', /Summarise in English/],
    ['es', /Resume en español/],
  ] as const)(
    'in %s: the services the home page publishes, and the need',
    async (locale, words) => {
      const text = await textOf('summarise_services', { need: 'We need a data warehouse', locale })
      expect(text).toMatch(words)
      expect(text).toContain('> We need a data warehouse')
      const services = listedServices(text)
      expect(services.length).toBeGreaterThan(0)
      // Each is a service the site's home page shows in that language (its markdown twin).
      const home = await (await get(paths.twin(paths.home(locale)))).text()
      for (const title of services) expect(home).toContain(title)
    },
  )

  it('answers arguments it refuses with -32602, naming them', async () => {
    const error = await mcp
      .getPrompt({ name: 'summarise_services', arguments: { locale: 'fr' } })
      .catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(McpError)
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams)
    expect((error as McpError).message).toBe(
      'MCP error -32602: Invalid arguments for prompt summarise_services: need is required; locale must be one of "en", "es".',
    )
  })

  it('answers an unknown prompt with -32602', async () => {
    const error = await mcp
      .getPrompt({ name: 'test_simple_prompt' })
      .catch((thrown: unknown) => thrown)
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams)
    expect((error as McpError).message).toMatch(/Unknown prompt "test_simple_prompt"/)
  })
})

describe('summarise_services with services published', () => {
  beforeAll(async () => {
    // Listed in both languages; listed in English only; a draft.
    await createService('cloud', {
      en: { title: 'Prompt cloud', summary: 'Bills under control.' },
      es: { title: 'Nube del prompt', summary: 'Facturas bajo control.' },
    })
    await createService('machine-learning', {
      en: { title: 'Prompt models', summary: 'Models in production.' },
    })
    await createService(
      'software-engineering',
      { en: { title: `Prompt software ${DRAFT_MARKER}`, summary: 'Never published.' } },
      'draft',
    )
  }, 60_000)

  afterAll(removeServices)

  it('in English: every service listed in English, each with its page', async () => {
    const text = await textOf('summarise_services', { need: 'Our bills keep growing' })
    const site = baseUrl()
    expect(listedServices(text)).toEqual(['Prompt cloud', 'Prompt models'])
    expect(text).toContain(
      `- **Prompt cloud**: Bills under control. <${site}${paths.service('en', 'cloud')}>`,
    )
    expect(text).toContain(
      `- **Prompt models**: Models in production. <${site}${paths.service('en', 'machine-learning')}>`,
    )
    expect(text).not.toContain(DRAFT_MARKER)
    // Each link is the service's page.
    expect((await get(paths.service('en', 'machine-learning'))).status).toBe(200)
  })

  it('in Spanish: only the services translated into Spanish, at their Spanish pages', async () => {
    const text = await textOf('summarise_services', { need: 'Facturas', locale: 'es' })
    expect(listedServices(text)).toEqual(['Nube del prompt'])
    expect(text).toContain(
      `- **Nube del prompt**: Facturas bajo control. <${baseUrl()}${paths.service('es', 'cloud')}>`,
    )
    expect(text).not.toContain('Prompt models')
    expect(text).not.toContain(DRAFT_MARKER)
  })
})

describe('prepare_inquiry', () => {
  it('in English: collects name, email and message, and ends by calling send_inquiry', async () => {
    const text = await textOf('prepare_inquiry', { need: 'A security review', service: 'security' })
    expect(text).toContain('> A security review')
    expect(text).toMatch(/my name \(required/)
    expect(text).toMatch(/my email address \(required/)
    expect(text).toMatch(/the message \(required/)
    expect(text).toContain('send `service` "security"')
    expect(text).toMatch(/call the tool send_inquiry once, .*locale "en"/s)
    // send_inquiry is a tool this server has.
    const { tools } = await mcp.listTools()
    expect(tools.map((tool) => tool.name)).toContain('send_inquiry')
  })

  it('in Spanish', async () => {
    const text = await textOf('prepare_inquiry', { locale: 'es' })
    expect(text).toMatch(/^Ayúdame a enviar una consulta/)
    expect(text).toMatch(/llama una sola vez a la herramienta send_inquiry/)
    expect(text).toContain('locale "es"')
    expect(text).toContain('Aprendizaje automático (`machine-learning`)')
  })
})
