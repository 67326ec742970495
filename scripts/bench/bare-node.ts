/**
 * The baseline of the site benchmark: a bare Node `http` server that answers each path with bytes
 * read once from a JSON file (`{ "/path": { "type": "...", "body": "<base64>" } }`). Nothing is
 * computed per request, so its throughput is what serving static bytes costs on this machine.
 */
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'

const [file, port] = process.argv.slice(2)
const routes = new Map<string, { type: string; body: Buffer }>()
for (const [path, route] of Object.entries(
  JSON.parse(readFileSync(file!, 'utf8')) as Record<string, { type: string; body: string }>,
)) {
  routes.set(path, { type: route.type, body: Buffer.from(route.body, 'base64') })
}

createServer((request, response) => {
  const route = routes.get(request.url ?? '/')
  if (!route) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(200, { 'Content-Type': route.type, 'Content-Length': route.body.length })
  response.end(route.body)
}).listen(Number(port), '127.0.0.1', () => console.log('ready'))
