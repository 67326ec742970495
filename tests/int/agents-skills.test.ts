import { createHash } from 'node:crypto'

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { beforeAll, describe, expect, it } from 'vitest'

import { baseUrl, get, getJson } from '../support/api'
import { declaredLength } from '../support/agents-content'

/** /.well-known/agent-skills/ (Agent Skills Discovery RFC v0.2.0). */

type SkillEntry = { name: string; type: string; description: string; url: string; digest: string }
type SkillsIndex = { $schema: string; skills: SkillEntry[] }

const SKILL_NAME = /^(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*$/

let index: SkillsIndex
let indexResponse: Response

beforeAll(async () => {
  const { status, body, response } = await getJson<SkillsIndex>(
    '/.well-known/agent-skills/index.json',
  )
  expect(status).toBe(200)
  index = body
  indexResponse = response
})

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest()

describe('GET /.well-known/agent-skills/index.json', () => {
  it('is the v0.2.0 index: $schema and at least two skill-md skills', () => {
    expect(indexResponse.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(Object.keys(index).sort()).toEqual(['$schema', 'skills'])
    expect(index.$schema).toBe('https://schemas.agentskills.io/discovery/0.2.0/schema.json')
    expect(index.skills.length).toBeGreaterThanOrEqual(2)
    for (const skill of index.skills) {
      expect(Object.keys(skill).sort()).toEqual(['description', 'digest', 'name', 'type', 'url'])
      expect(skill.name).toMatch(SKILL_NAME)
      expect(skill.type).toBe('skill-md')
      expect(skill.description.length).toBeGreaterThan(0)
      expect(skill.description.length).toBeLessThanOrEqual(1024)
      expect(skill.url).toBe(`${baseUrl()}/.well-known/agent-skills/${skill.name}/SKILL.md`)
      expect(skill.digest).toMatch(/^sha256:[0-9a-f]{64}$/)
    }
    expect(index.skills.map((skill) => skill.name)).toEqual(
      expect.arrayContaining(['read-content', 'contact-team']),
    )
  })

  it('answers HEAD with its ETag', async () => {
    const head = await get('/.well-known/agent-skills/index.json', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(indexResponse.headers.get('etag'))
  })
})

describe('each SKILL.md', () => {
  it('is served with exactly the bytes the index digests (GET)', async () => {
    for (const skill of index.skills) {
      const response = await fetch(skill.url)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(`sha256:${sha256(bytes).toString('hex')}`).toBe(skill.digest)
    }
  })

  it('describes the same bytes on HEAD: Repr-Digest, ETag and length agree with GET', async () => {
    for (const skill of index.skills) {
      const full = await fetch(skill.url)
      const bytes = Buffer.from(await full.arrayBuffer())
      const head = await fetch(skill.url, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(Buffer.from(await head.arrayBuffer()).byteLength).toBe(0)
      expect(head.headers.get('etag')).toBe(full.headers.get('etag'))
      expect(Number(declaredLength(head))).toBe(bytes.byteLength)
      const digest = Buffer.from(skill.digest.slice('sha256:'.length), 'hex').toString('base64')
      expect(head.headers.get('repr-digest')).toBe(`sha-256=:${digest}:`)
    }
  })

  it('starts with name and description frontmatter matching the index', async () => {
    for (const skill of index.skills) {
      const text = await (await fetch(skill.url)).text()
      const [, head = ''] = /^---\n([\s\S]*?)\n---\n/.exec(text) ?? []
      const fields = Object.fromEntries(
        head
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      )
      expect(fields.name).toBe(skill.name)
      expect(JSON.parse(fields.description!)).toBe(skill.description)
    }
  })

  it('the skills name every live MCP tool; the contact skill its tool and the HTTP endpoint with their limits', async () => {
    const skillText = async (name: string) =>
      (await fetch(index.skills.find((skill) => skill.name === name)!.url)).text()
    const text = await skillText('contact-team')
    const both = `${text}\n${await skillText('read-content')}`
    const mcp = new Client({ name: 'skills-test', version: '1.0.0' })
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`)))
    try {
      const { tools } = await mcp.listTools()
      for (const tool of tools) {
        expect(tool.annotations?.readOnlyHint ? both : text).toContain(`\`${tool.name}\``)
      }
    } finally {
      await mcp.close()
    }
    expect(text).toContain(`POST ${baseUrl()}/api/inquiries`)
    expect(text).toMatch(/3 per email address/)
  })

  it('an unknown skill is a 404', async () => {
    expect((await get('/.well-known/agent-skills/no-such-skill/SKILL.md')).status).toBe(404)
  })
})
