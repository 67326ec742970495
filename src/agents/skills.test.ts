import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { QUERY_LIMITS } from '@/content/contract'
import { BUDGETS } from '@/inquiries/budgets'
import { INQUIRY_BODY_MAX_BYTES, INQUIRY_FIELD_MAX } from '@/inquiries/schema'

import { markdownLinks } from '../../tests/support/markdown-links'
import { SITE_URL } from '../../tests/support/site-fixtures'

import { findSkill, skillMarkdown, SKILLS, skillsIndex, SKILLS_SCHEMA } from './skills'

// The Agent Skills naming rule: 1-64 of a-z, 0-9 and single inner hyphens.
const SKILL_NAME = /^(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*$/

describe('skills', () => {
  it('are at least two, with valid names and descriptions', () => {
    expect(SKILLS.length).toBeGreaterThanOrEqual(2)
    for (const skill of SKILLS) {
      expect(skill.name).toMatch(SKILL_NAME)
      expect(skill.description.length).toBeGreaterThan(0)
      expect(skill.description.length).toBeLessThanOrEqual(1024)
    }
  })

  it('start with name and description frontmatter that YAML reads back', () => {
    for (const skill of SKILLS) {
      const [, head] = /^---\n([\s\S]*?)\n---\n/.exec(skillMarkdown(skill, SITE_URL)) ?? []
      const lines = head?.split('\n') ?? []
      expect(lines[0]).toBe(`name: ${skill.name}`)
      expect(JSON.parse(lines[1]!.slice('description: '.length))).toBe(skill.description)
    }
  })

  it('state the limits the service enforces', () => {
    const read = skillMarkdown(findSkill('read-content')!, SITE_URL)
    expect(read).toContain(`at most ${QUERY_LIMITS.limitMax}`)
    expect(read).toContain(`0 to ${QUERY_LIMITS.depthMax}`)
    const contact = skillMarkdown(findSkill('contact-team')!, SITE_URL)
    expect(contact).toContain(
      `| \`message\` | required, at most ${INQUIRY_FIELD_MAX.message} characters |`,
    )
    expect(contact).toContain(`${BUDGETS.perEmail.points} per email address`)
    expect(contact).toContain(`(${INQUIRY_BODY_MAX_BYTES} bytes)`)
    expect(contact).toContain('`send_inquiry`')
  })
})

describe('skillsIndex', () => {
  it('lists every skill with the digest of its SKILL.md bytes', () => {
    const index = skillsIndex(SITE_URL)
    expect(index.$schema).toBe(SKILLS_SCHEMA)
    expect(index.skills.map((skill) => skill.name)).toEqual(SKILLS.map((skill) => skill.name))
    for (const entry of index.skills) {
      const bytes = Buffer.from(skillMarkdown(findSkill(entry.name)!, SITE_URL), 'utf8')
      expect(entry).toMatchObject({
        type: 'skill-md',
        url: `${SITE_URL}/.well-known/agent-skills/${entry.name}/SKILL.md`,
        digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
      })
    }
  })
})

describe('links in the skills', () => {
  it('name the POST-only endpoints with their method, in code, and link no URL template', () => {
    for (const skill of SKILLS) {
      const markdown = skillMarkdown(skill, SITE_URL)
      expect(markdown, skill.name).toContain(`\`POST ${SITE_URL}/api/mcp\``)
      const links = markdownLinks(markdown)
      expect(
        links.filter((link) => /\/api\/(mcp|inquiries)\b/.test(link)),
        skill.name,
      ).toEqual([])
      expect(
        links.filter((link) => /[{}]/.test(link)),
        skill.name,
      ).toEqual([])
    }
  })
})
