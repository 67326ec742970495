import { execFileSync } from 'node:child_process'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { asAdmin, baseUrl } from '../support/api'
import { createAccount, as } from '../support/accounts'
import { startApp, type AppServer } from '../support/app-server'
import { createDocumentUsing, createMedia, fileUrl, noisyPng } from '../support/media'
import { poll } from '../support/poll'

/**
 * The agent access policy (the `agent-access` global): saved through the REST API as an admin,
 * every surface stating it — robots.txt, a page, its twin, llms.txt, a media file and the MCP
 * server card — says the same on another instance (its caches warmed first) within the polling
 * window, through the change feed; a crawler whose requests are refused gets 403 before any
 * cache, a person and a search engine's crawler do not. The open policy is saved again after.
 */
let app: AppServer
let mediaPath: string

/** A training crawler the other files do not send. */
const CCBOT = 'CCBot/2.0 (https://commoncrawl.org/faq/)'
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

const OPEN = {
  allow: { search: true, aiInput: true, aiTrain: true },
  crawlers: [],
}

const NO_TRAINING = {
  allow: { search: true, aiInput: true, aiTrain: false },
  crawlers: [
    // Spelled as an editor might type it: stored as the agent table spells it.
    {
      agent: 'ccbot',
      search: 'inherit',
      aiInput: 'inherit',
      aiTrain: 'inherit',
      refuseRequests: true,
    },
    {
      agent: 'Googlebot',
      search: 'inherit',
      aiInput: 'inherit',
      aiTrain: 'inherit',
      refuseRequests: false,
    },
  ],
}

async function savePolicy(body: object): Promise<Response> {
  return asAdmin('/api/globals/agent-access', { method: 'POST', body: JSON.stringify(body) })
}

async function setPolicy(body: object): Promise<void> {
  const response = await savePolicy(body)
  if (!response.ok) throw new Error(`agent-access: ${response.status} ${await response.text()}`)
}

/** What each surface of `origin` states: robots.txt's text, the others' Content-Usage. */
async function statements(origin: string, userAgent = BROWSER) {
  const read = (path: string, init: RequestInit = {}) =>
    fetch(`${origin}${path}`, {
      ...init,
      headers: { 'User-Agent': userAgent, ...(init.headers as Record<string, string>) },
    })
  const robots = await read('/robots.txt')
  const heads: Record<string, string | null> = {}
  const bodies: Record<string, string> = {}
  for (const path of [
    '/en',
    '/en.md',
    '/llms.txt',
    mediaPath,
    '/.well-known/mcp/server-card.json',
  ]) {
    const response = await read(path)
    heads[path] = response.headers.get('content-usage')
    bodies[path] = path === mediaPath ? '' : await response.text()
    if (path === mediaPath) await response.arrayBuffer()
  }
  const card = JSON.parse(bodies['/.well-known/mcp/server-card.json']!) as {
    _meta: Record<string, { agentAccess?: { policy: string; robotsTxt: string } }>
  }
  const agentAccess = Object.values(card._meta).find((meta) => meta.agentAccess)?.agentAccess
  return {
    robots: await robots.text(),
    heads,
    llms: bodies['/llms.txt']!,
    card: agentAccess,
  }
}

/** Reads each cacheable path on the second instance until its cache answers it. */
async function warm(paths: readonly string[]): Promise<void> {
  for (const path of paths)
    await poll(`${path} cached`, async () => {
      const response = await fetch(`${app.url}${path}`)
      await response.arrayBuffer()
      return response.headers.get('x-cache') === 'HIT' ? true : undefined
    })
}

/** What Python's urllib.robotparser lets `agent` fetch of `paths`, reading `robots`. */
function pythonAllows(robots: string, agent: string, paths: readonly string[]): boolean[] {
  const script = [
    'import json, sys, urllib.robotparser',
    'parser = urllib.robotparser.RobotFileParser()',
    'parser.parse(sys.stdin.read().splitlines())',
    `print(json.dumps([parser.can_fetch(${JSON.stringify(agent)}, "https://example.test" + p) for p in ${JSON.stringify(paths)}]))`,
  ].join('\n')
  return JSON.parse(execFileSync('python3', ['-c', script], { input: robots, encoding: 'utf8' }))
}

beforeAll(async () => {
  const media = await createMedia(await noisyPng(16, 16), 'agent-access.png', 'image/png')
  // Public once a published document uses it (the embargo, src/media/usage.ts).
  await createDocumentUsing(media.id, 'content', { status: 'published' })
  mediaPath = fileUrl(media.filename)
  await setPolicy(OPEN)
  app = await startApp(`agent-access-${process.env.TEST_RUN_ID ?? 'main'}`, inject('appEnv'))
})

afterAll(async () => {
  // Later files see the open policy of a fresh install.
  await setPolicy(OPEN).catch(() => undefined)
  await app?.stop()
})

describe('the agent access policy', () => {
  it('is open on a fresh install, and every surface says so', async () => {
    const said = await statements(app.url)
    // robots.txt keeps its standard records only (validators read it as valid); the heads say y.
    expect(said.robots).not.toMatch(/Content-Signal|Content-Usage/)
    for (const [path, value] of Object.entries(said.heads))
      expect(value, path).toBe('train-ai=y, search=y')
    expect(said.llms).toContain('## Agent access')
    expect(said.card?.policy).toMatch(
      /^The site allows search indexing, AI answers .*, AI training\./,
    )
    expect(said.card?.robotsTxt).toBe(`${app.url}/robots.txt`)
    const page = await fetch(`${app.url}/en`)
    expect(page.headers.get('x-robots-tag')).toBeNull()
    expect(page.headers.get('vary') ?? '').not.toMatch(/user-agent/i)
  })

  it('once saved, is stated by every surface of another instance within seconds', async () => {
    await warm(['/robots.txt', '/en', '/en.md', '/llms.txt', '/.well-known/mcp/server-card.json'])
    await setPolicy(NO_TRAINING)
    const said = await poll('every surface states the new policy', async () => {
      const now = await statements(app.url)
      const agree =
        /User-agent: \*\n(?:(?:Allow|Disallow): \S+\n)+Content-Signal: search=yes, ai-input=yes, ai-train=no\n/.test(
          now.robots,
        ) &&
        Object.values(now.heads).every((value) => value === 'train-ai=n, search=y') &&
        now.llms.includes('it refuses AI training') &&
        now.card?.policy.includes('it refuses AI training')
      return agree ? now : undefined
    })
    expect(said.robots).toContain('Content-Usage: / train-ai=n, search=y')
    // Refused its requests: a group of its own, crawling nothing (spelled as the table spells it).
    expect(said.robots).toContain('User-agent: CCBot\nDisallow: /\n')
    // Googlebot's override decides nothing: it reads the * group.
    expect(said.robots).not.toContain('User-agent: Googlebot')
    expect(said.llms).toContain('For CCBot it refuses its requests.')
  })

  it('reads to Python’s urllib.robotparser as intended', async () => {
    const robots = await (await fetch(`${app.url}/robots.txt`)).text()
    const paths = ['/en', '/es/blog', '/admin', '/api/users', '/api/posts', '/llms.txt']
    expect(pythonAllows(robots, 'SomeBot', paths)).toEqual([true, true, false, false, true, true])
    expect(pythonAllows(robots, 'CCBot/2.0', paths)).toEqual(paths.map(() => false))
  })

  it('answers a refused crawler 403 before any cache, never a person or a search crawler', async () => {
    for (const origin of [app.url, baseUrl()]) {
      await poll(`${origin} refuses CCBot`, async () => {
        const response = await fetch(`${origin}/en`, { headers: { 'User-Agent': CCBOT } })
        const text = await response.text()
        return response.status === 403 ? text : undefined
      })
      // A page its cache holds (warmed above), a file for agents and a media file: refused alike.
      for (const path of ['/en', '/llms.txt', mediaPath]) {
        const refused = await fetch(`${origin}${path}`, { headers: { 'User-Agent': CCBOT } })
        expect(refused.status, path).toBe(403)
        expect(refused.headers.get('content-type'), path).toMatch(/^text\/plain/)
        expect(refused.headers.get('cache-control'), path).toBe('no-store')
        expect(await refused.text(), path).toMatch(/agent access policy/)
      }
      // robots.txt stays readable to it (a 4xx there would mean "crawl everything").
      const robots = await fetch(`${origin}/robots.txt`, { headers: { 'User-Agent': CCBOT } })
      expect(robots.status).toBe(200)
      expect(await robots.text()).toContain('User-agent: CCBot\nDisallow: /')
      for (const userAgent of [BROWSER, GOOGLEBOT]) {
        const answered = await fetch(`${origin}/en`, { headers: { 'User-Agent': userAgent } })
        expect(answered.status, userAgent).toBe(200)
        await answered.arrayBuffer()
      }
    }
  })

  it('says noindex in the head of every page and file only while search is refused', async () => {
    await setPolicy({ ...NO_TRAINING, allow: { ...NO_TRAINING.allow, search: false } })
    await poll('noindex stated', async () => {
      const page = await fetch(`${app.url}/en`)
      await page.arrayBuffer()
      return page.headers.get('x-robots-tag') === 'noindex' ? true : undefined
    })
    for (const path of ['/en.md', '/llms.txt', mediaPath]) {
      const response = await fetch(`${app.url}${path}`)
      await response.arrayBuffer()
      expect(response.headers.get('x-robots-tag'), path).toMatch(/noindex/)
      expect(response.headers.get('content-usage'), path).toBe('train-ai=n, search=n')
    }
    // Googlebot is a search crawler: refused search, still not refused requests (not ticked).
    const googlebot = await fetch(`${app.url}/en`, { headers: { 'User-Agent': GOOGLEBOT } })
    expect(googlebot.status).toBe(200)
    await googlebot.arrayBuffer()
    await setPolicy(NO_TRAINING)
    await poll('noindex gone', async () => {
      const page = await fetch(`${app.url}/en`)
      await page.arrayBuffer()
      return page.headers.get('x-robots-tag') === null ? true : undefined
    })
  })

  it('takes only agents the Audience table names, once each, and only from editors and admins', async () => {
    const unknown = await savePolicy({
      ...OPEN,
      crawlers: [{ agent: 'NoSuchBot', search: 'refuse', aiInput: 'inherit', aiTrain: 'inherit' }],
    })
    expect(unknown.status).toBe(400)
    const body = (await unknown.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBeTruthy()
    expect(JSON.stringify(body)).toMatch(/not a known agent/)
    const twice = await savePolicy({
      ...OPEN,
      crawlers: [
        { agent: 'GPTBot', search: 'refuse', aiInput: 'inherit', aiTrain: 'inherit' },
        { agent: 'gptbot', search: 'allow', aiInput: 'inherit', aiTrain: 'inherit' },
      ],
    })
    expect(twice.status).toBe(400)
    // Refusing a search crawler's requests while search is allowed to it: said first.
    const searchCrawler = await savePolicy({
      ...OPEN,
      crawlers: [
        {
          agent: 'bingbot',
          search: 'inherit',
          aiInput: 'inherit',
          aiTrain: 'inherit',
          refuseRequests: true,
        },
      ],
    })
    expect(searchCrawler.status).toBe(400)
    const author = await createAccount('author')
    const byAuthor = await as(author, '/api/globals/agent-access', {
      method: 'POST',
      body: JSON.stringify(OPEN),
    })
    expect(byAuthor.status).toBe(403)
    const anonymous = await fetch(`${baseUrl()}/api/globals/agent-access`)
    expect([401, 403]).toContain(anonymous.status)
  })

  it('shows its edit view with Spanish labels to a Spanish-speaking editor', async () => {
    const editor = await createAccount('editor')
    const response = await fetch(`${baseUrl()}/admin/globals/agent-access`, {
      headers: {
        Cookie: `payload-token=${editor.authorization.replace(/^JWT /, '')}`,
        // Payload takes a session cookie only from its own site, as a browser says it.
        'Sec-Fetch-Site': 'same-origin',
        'Accept-Language': 'es',
      },
    })
    expect(response.status).toBe(200)
    const html = await response.text()
    for (const label of ['Acceso de agentes', 'Usos permitidos', 'Excepciones por rastreador'])
      expect(html, label).toContain(label)
  })
})
