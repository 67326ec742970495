import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Every request header Next.js reads to answer something other than the page: read from its own
 * source, so an upgrade that adds one fails here until `altersRender` covers it.
 */
export function nextRequestHeaders(): string[] {
  const dist = path.join(process.cwd(), 'node_modules/next/dist')
  const names = new Set<string>()
  // Its router's and server's header constants…
  for (const file of ['client/components/app-router-headers.js', 'lib/constants.js']) {
    const source = readFileSync(path.join(dist, file), 'utf8')
    for (const [, name] of source.matchAll(
      /=\s*'((?:next-|x-next|x-middleware-|x-prerender-|x-matched|rsc)[a-z-]*)'/g,
    ))
      names.add(name!)
  }
  // …and every internal header its request handling reads by name.
  for (const file of [
    'server/base-server.js',
    'server/next-server.js',
    'server/lib/router-server.js',
    'server/lib/router-utils/resolve-routes.js',
    'server/route-modules/route-module.js',
    'build/templates/app-page-runtime.js',
    'build/templates/app-route.js',
  ]) {
    const source = readFileSync(path.join(dist, file), 'utf8')
    for (const [, name] of source.matchAll(/headers\[\s*'([a-z0-9-]+)'\s*\]/g)) names.add(name!)
    for (const [, name] of source.matchAll(/headers\.get\(\s*'([a-z0-9-]+)'\s*\)/g))
      names.add(name!)
  }
  // Ordinary HTTP headers it also reads (the host, the client's address, content negotiation)
  // change nothing the cache keys on.
  const ordinary = new Set([
    'host',
    'accept',
    'accept-encoding',
    'accept-language',
    'user-agent',
    'content-type',
    'content-length',
    'content-encoding',
    'cache-control',
    'cookie',
    'authorization',
    'origin',
    'referer',
    'range',
    'if-none-match',
    'if-modified-since',
    'sec-fetch-dest',
    'sec-fetch-mode',
    'sec-fetch-site',
    'upgrade',
    'connection',
    'transfer-encoding',
    'x-forwarded-for',
    'x-forwarded-host',
    'x-forwarded-port',
    'x-forwarded-proto',
    'x-real-ip',
  ])
  return [...names].filter((name) => !ordinary.has(name)).sort()
}
