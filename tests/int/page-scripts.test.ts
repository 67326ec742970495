import { Agent, request } from 'node:http'

import { beforeAll, describe, expect, it } from 'vitest'

import { asAdmin, baseUrl } from '../support/api'
import { createDocument, type CreatedDocument } from '../support/factories'

/**
 * The site's pages ship no Next.js client runtime (src/site/page-scripts.ts): no script of the
 * build, no preload of one, no flight data; what the page is without them (styles, the font,
 * links, the contact form and its own script) is all there, the same on a miss and a hit.
 */
const RUNTIME = {
  buildScript: /<script\b[^>]*\ssrc="\/_next\/static\//,
  scriptPreload: /<link\b[^>]*\shref="\/_next\/static\/[^"]*\.m?js"/,
  flightData: /self\.__next_f/,
  turbopackChunks: /TURBOPACK/,
}

const page = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${baseUrl()}${path}`, { redirect: 'manual', ...init })
  return { status: response.status, headers: response.headers, html: await response.text() }
}

function expectNoRuntime(html: string, path: string): void {
  for (const [part, pattern] of Object.entries(RUNTIME))
    expect(html, `${path}: ${part}`).not.toMatch(pattern)
}

let post: CreatedDocument

beforeAll(async () => {
  post = await createDocument('posts', {
    status: 'published',
    title: { en: 'A page without the runtime', es: 'Una página sin el runtime' },
  })
})

describe("pages without Next.js's client runtime", () => {
  it.each([
    '/en',
    '/es',
    '/es/blog',
    '/en/blog/{post}',
    '/en/case-studies',
    '/en/contact',
    '/es/search?q=runtime',
    '/en/blog/no-such-post',
  ])('%s ships none of it', async (pathOf) => {
    const path = pathOf.replace('{post}', post.slug)
    const { status, html } = await page(path)
    expect([200, 404], path).toContain(status)
    expectNoRuntime(html, path)
    // What the page is without it: its styles, its font (a class its stylesheet defines), links.
    expect(html, path).toMatch(/<link rel="stylesheet" href="\/_next\/static\/[^"]+\.css"/)
    expect(html, path).toMatch(/<html lang="(en|es)" class="[^"]+_variable"/)
    expect(html, path).toMatch(/<a [^>]*href="\/(en|es)\/blog"/)
  })

  it('a post page renders in full, and a hit is the bytes of the miss, measured and validated', async () => {
    const path = `/en/blog/${post.slug}`
    const identity = { headers: { 'Accept-Encoding': 'identity' } }
    const first = await page(path, identity)
    const second = await page(path, identity)
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(second.html).toBe(first.html)
    expect(second.html).toContain('<h1')
    expect(second.html).toContain('A page without the runtime')
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(second.html)))
    const notModified = await page(path, {
      headers: { ...identity.headers, 'If-None-Match': second.headers.get('etag')! },
    })
    expect(notModified.status).toBe(304)
  })

  it('the contact form carries its own script, which sends it in place', async () => {
    const { html } = await page('/en/contact')
    const form = html.match(/<form id="contact-form"[\s\S]*?<\/form>/)?.[0] ?? ''
    expect(form).toContain('method="POST"')
    expect(form).toMatch(/<script>\(function [\s\S]*DOMParser[\s\S]*<\/script><\/form>$/)
  })

  it("an editor's draft preview keeps the runtime: live preview re-renders through the router", async () => {
    const preview = await asAdmin(`/api/preview?path=/en/blog/${post.slug}`, {
      redirect: 'manual',
    })
    const cookie = (preview.headers.getSetCookie() ?? [])
      .map((value) => value.split(';')[0])
      .join('; ')
    expect(cookie).toContain('__prerender_bypass=')
    const { html } = await page(`/en/blog/${post.slug}`, { headers: { cookie } })
    expect(html).toMatch(RUNTIME.buildScript)
    expect(html).toMatch(RUNTIME.flightData)
  })
})

/** A GET over `agent` (kept-alive connections), without compression: status, body, reuse. */
function askOn(agent: Agent, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status?: number; body: string; reusedSocket: boolean }>(
    (resolve, reject) => {
      const asked = request(`${baseUrl()}${path}`, { agent, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            body: Buffer.concat(chunks).toString('utf8'),
            reusedSocket: asked.reusedSocket,
          }),
        )
      })
      asked.on('error', reject)
      asked.end()
    },
  )
}

describe('a page asked for as markdown', () => {
  it('is answered whole and ended, however long, so its connection serves the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const twin = await askOn(agent, '/docs/api', { Accept: 'text/markdown' })
      expect(twin.status).toBe(200)
      // Longer than a socket's buffer (16 KiB): the length at which such a twin was not ended.
      expect(Buffer.byteLength(twin.body)).toBeGreaterThan(16 * 1024)
      const next = await askOn(agent, '/en/contact')
      expect(next.reusedSocket).toBe(true)
      expect(next.status).toBe(200)
    } finally {
      agent.destroy()
    }
  }, 10_000)
})
