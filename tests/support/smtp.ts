import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { SMTPServer } from 'smtp-server'

export type SmtpMode = 'accept' | 'reject-temporarily'

export interface ReceivedMail {
  raw: string
  envelopeFrom: string
  envelopeTo: string[]
}

export interface SmtpCatcher {
  port: number
  url: string
  received: ReceivedMail[]
  setMode: (mode: SmtpMode) => void
  stop: () => Promise<void>
}

/**
 * A real SMTP server (the `smtp-server` package) on loopback that keeps what it receives in
 * memory and, when `dir` is given, also writes each message there as an .eml file (so test files
 * in other processes can read what the shared app sent). In `reject-temporarily` mode it answers
 * every message with a 451, as a mail server having trouble would.
 */
export async function startSmtpCatcher(
  options: { port?: number; dir?: string } = {},
): Promise<SmtpCatcher> {
  let mode: SmtpMode = 'accept'
  const received: ReceivedMail[] = []
  if (options.dir) mkdirSync(options.dir, { recursive: true })
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (mode === 'reject-temporarily') {
          const error = new Error('Temporary local problem, try again later') as Error & {
            responseCode: number
          }
          error.responseCode = 451
          return callback(error)
        }
        const mail: ReceivedMail = {
          raw: Buffer.concat(chunks).toString('utf8'),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        }
        received.push(mail)
        if (options.dir) {
          // Written aside, then renamed into place: readers in other processes list the folder
          // at any moment and must never see half a file.
          const file = path.join(options.dir, `${Date.now()}-${received.length}.json`)
          writeFileSync(`${file}.partial`, JSON.stringify(mail))
          renameSync(`${file}.partial`, file)
        }
        callback()
      })
    },
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address()
      resolve(typeof address === 'object' && address ? address.port : 0)
    })
  })
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    setMode: (next) => {
      mode = next
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export interface ParsedMail {
  headers: Map<string, string>
  text: string
}

function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
    (_, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
  )
}

/** Just enough of RFC 5322/2045 for the single-part text mail the app sends. */
export function parseMail(raw: string): ParsedMail {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const body = raw.slice(split + 4)
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = decodeWords(line.slice(colon + 1).trim())
    headers.set(name, headers.has(name) ? `${headers.get(name)}\n${value}` : value)
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase()
  let text = body
  if (encoding === 'base64') text = Buffer.from(body, 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    text = Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8')
  }
  return { headers, text: text.replace(/\r\n/g, '\n') }
}
