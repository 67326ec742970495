import { connect } from 'node:net'

import { baseUrl } from './api'

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Sends one request exactly as written (method and target untouched: fetch and node:http would
 * resolve dot segments, upper-case methods or refuse them) and reads the whole answer.
 */
export function rawHttp(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl())
  const head = [
    `${method} ${target} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
  ].join('\r\n')
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n${body}`))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)))
      } catch (error) {
        reject(error as Error)
      }
    })
    socket.setTimeout(20_000, () => socket.destroy(new Error(`${method} ${target}: timed out`)))
  })
}

function parseResponse(bytes: Buffer): RawResponse {
  const end = bytes.indexOf('\r\n\r\n')
  if (end === -1) throw new Error(`no response head in ${JSON.stringify(bytes.toString())}`)
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  let payload = bytes.subarray(end + 4)
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) payload = unchunk(payload)
  return { status: Number(statusLine!.split(' ')[1]), headers, body: payload.toString('utf8') }
}

function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at)
    if (lineEnd === -1) break
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16)
    if (!size) break
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}
